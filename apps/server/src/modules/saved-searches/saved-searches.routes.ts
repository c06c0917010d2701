import {
  savedSearchBodySchema,
  savedSearchDeletedSchema,
  savedSearchListSchema,
  savedSearchParamSchema,
  savedSearchSchema,
  savedSearchesQuerySchema,
  updateSavedSearchBodySchema,
} from '@pet-haven/shared/saved-searches';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import { presentSavedSearch } from './saved-searches.presenter';
import { deleteSearch, listSearches, saveSearch, updateSearch } from './saved-searches.service';

const route = declareRoutes('Saved searches');

const createRoute = route.post('/user/saved-searches', {
  summary: 'Save the filters of /petlist under a name; new matching pets are mailed daily',
  guard: signedIn,
  request: { body: jsonBody(savedSearchBodySchema) },
  ok: [201, jsonContent(savedSearchSchema, 'Saved')],
  errors: [400, 401, [409, 'The caller keeps the most saved searches already']],
});

const listRoute = route.get('/user/saved-searches', {
  summary: "The caller's saved searches, newest first",
  guard: signedIn,
  request: { query: savedSearchesQuerySchema },
  ok: [200, pageResponse(savedSearchListSchema, 'Saved searches')],
  errors: [400, 401],
});

const updateRoute = route.patch('/user/saved-searches/{id}', {
  summary: "Rename one of the caller's saved searches, or turn its alerts on or off",
  guard: signedIn,
  request: { params: savedSearchParamSchema, body: jsonBody(updateSavedSearchBodySchema) },
  ok: [200, jsonContent(savedSearchSchema, 'Changed')],
  errors: [400, 401, [404, 'No such search of the caller']],
});

const deleteRoute = route.delete('/user/saved-searches/{id}', {
  summary: "Delete one of the caller's saved searches",
  guard: signedIn,
  request: { params: savedSearchParamSchema },
  ok: [200, jsonContent(savedSearchDeletedSchema, 'Deleted')],
  errors: [400, 401, [404, 'No such search of the caller']],
});

export function createSavedSearchesRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(createRoute, async (c) => {
    const row = await saveSearch(deps, requireUser(c), c.req.valid('json'));
    return c.json(presentSavedSearch(row), 201);
  });
  servePage(
    router,
    listRoute,
    (query, c) => listSearches(deps, requireUser(c), query),
    presentSavedSearch,
  );
  router.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const row = await updateSearch(deps, requireUser(c), id, c.req.valid('json'));
    return c.json(presentSavedSearch(row), 200);
  });
  router.openapi(deleteRoute, async (c) => {
    await deleteSearch(deps, requireUser(c), c.req.valid('param').id);
    return c.json({ deleted: true as const }, 200);
  });
  return router;
}
