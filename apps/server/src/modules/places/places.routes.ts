import { z } from '@hono/zod-openapi';
import { placeSchema, placeSearchQuerySchema } from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { createRouter, declareRoutes, jsonContent } from '../../lib/openapi';
import { presentPlace } from './places.presenter';
import * as placesService from './places.service';

const route = declareRoutes('Places');

const searchRoute = route.get('/places', {
  summary: 'Places of the gazetteer whose name starts with q, the most populous first (at most 10)',
  request: { query: placeSearchQuerySchema },
  ok: [200, jsonContent(z.array(placeSchema), 'Places')],
  errors: [400],
});

export function createPlacesRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(searchRoute, async (c) => {
    const rows = await placesService.searchPlaces(deps, c.req.valid('query').q);
    return c.json(rows.map(presentPlace), 200);
  });
  return router;
}
