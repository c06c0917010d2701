import { z } from '@hono/zod-openapi';
import { adminListQuerySchema, adminPetAdoptedBodySchema } from '@pet-haven/shared/admin';
import { idParamSchema } from '@pet-haven/shared/ids';
import { deletedAnswerSchema, petSchema } from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { allowedBy, requireUser } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import { presentPet } from './pets.presenter';
import { deletePetByAdmin, listAllPetsForAdmin, setPetAdoptedByAdmin } from './pets-admin.service';
import * as petsPolicy from './pets.policy';

const route = declareRoutes('Admin');

const listRoute = route.get('/all-pets', {
  summary: 'Every pet, adopted or not, newest first (admin only); the total in X-Total-Count',
  guard: allowedBy(petsPolicy.canListAll),
  request: { query: adminListQuerySchema },
  ok: [200, pageResponse(z.array(petSchema), 'Pets')],
  errors: [400, 401, 403],
});

const deleteRoute = route.delete('/pets/{id}', {
  summary: 'Delete any pet with its adoption requests (admin only)',
  description: 'Written to the audit log.',
  guard: allowedBy(petsPolicy.canDeleteAny),
  request: { params: idParamSchema },
  ok: [200, jsonContent(deletedAnswerSchema, 'Deleted')],
  errors: [400, 401, 403, 404],
});

const adoptedRoute = route.patch('/pets/{id}', {
  summary: 'Set adopted either way on any pet (admin only); answers the pet',
  description: 'Written to the audit log.',
  guard: allowedBy(petsPolicy.canSetAdoptedAny),
  request: { params: idParamSchema, body: jsonBody(adminPetAdoptedBodySchema) },
  ok: [200, jsonContent(petSchema, 'The pet')],
  errors: [400, 401, 403, 404],
});

export function createPetsAdminRoutes(deps: AppDeps) {
  const { imageBase } = deps.config;
  const router = createRouter();

  servePage(
    router,
    listRoute,
    (query) => listAllPetsForAdmin(deps, query),
    (row, viewer) => presentPet(row, viewer, imageBase),
  );

  router.openapi(deleteRoute, async (c) => {
    const admin = requireUser(c);
    return c.json(
      { deletedCount: await deletePetByAdmin(deps, admin, c.req.valid('param').id) },
      200,
    );
  });

  router.openapi(adoptedRoute, async (c) => {
    const admin = requireUser(c);
    const row = await setPetAdoptedByAdmin(
      deps,
      admin,
      c.req.valid('param').id,
      c.req.valid('json').adopted,
    );
    return c.json(presentPet(row, admin, imageBase), 200);
  });

  return router;
}
