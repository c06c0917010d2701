import {
  favouriteListSchema,
  favouritePetIdsSchema,
  favouritePetParamSchema,
  favouritesQuerySchema,
} from '@pet-haven/shared/favourites';
import { z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import { presentFavourite } from './favourites.presenter';
import {
  listMyFavourites,
  myFavouritePetIds,
  removeFavourite,
  saveFavourite,
} from './favourites.service';

const route = declareRoutes('Favourites');

const savedAnswer = z.object({ saved: z.literal(true) });

const saveRoute = route.put('/user/favourites/{id}', {
  summary: "Save a pet to the caller's favourites (saving it again changes nothing)",
  guard: signedIn,
  request: { params: favouritePetParamSchema },
  ok: [200, jsonContent(savedAnswer, 'Saved')],
  errors: [400, 401, 404],
});

const removeRoute = route.delete('/user/favourites/{id}', {
  summary:
    "Remove a pet from the caller's favourites: by the pet's id, or by the favourite's `_id` (a pet no longer listed)",
  guard: signedIn,
  request: { params: favouritePetParamSchema },
  ok: [200, jsonContent(z.object({ saved: z.literal(false) }), 'Removed')],
  errors: [400, 401, 404],
});

const listRoute = route.get('/user/favourites', {
  summary:
    "The caller's favourite pets, newest first, each as it is now (available, adopted or deleted)",
  guard: signedIn,
  request: { query: favouritesQuerySchema },
  ok: [200, pageResponse(favouriteListSchema, 'Favourites')],
  errors: [400, 401],
});

const idsRoute = route.get('/user/favourite-pet-ids', {
  summary: 'The ids of the pets the caller saved (at most 1,000, newest first)',
  guard: signedIn,
  ok: [200, jsonContent(favouritePetIdsSchema, 'Pet ids')],
  errors: [401],
});

export function createFavouritesRoutes(deps: AppDeps) {
  const { imageBase } = deps.config;
  const router = createRouter();
  router.openapi(saveRoute, async (c) => {
    await saveFavourite(deps, requireUser(c), c.req.valid('param').id);
    return c.json({ saved: true as const }, 200);
  });
  router.openapi(removeRoute, async (c) => {
    await removeFavourite(deps, requireUser(c), c.req.valid('param').id);
    return c.json({ saved: false as const }, 200);
  });
  servePage(
    router,
    listRoute,
    (query, c) => listMyFavourites(deps, requireUser(c), query),
    (row) => presentFavourite(row, imageBase),
  );
  router.openapi(idsRoute, async (c) => c.json(await myFavouritePetIds(deps, requireUser(c)), 200));
  return router;
}
