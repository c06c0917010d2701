import { createRoute, z } from '@hono/zod-openapi';
import { adminListQuerySchema, adminPetAdoptedBodySchema } from '@pet-haven/shared/admin';
import { idParamSchema } from '@pet-haven/shared/ids';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import { deletedAnswerSchema, petSchema } from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { allowedBy, requireUser } from '../../auth/authenticate.middleware';
import {
  bearerSecurity,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import { presentPet } from './pets.presenter';
import { deletePetByAdmin, listAllPetsForAdmin, setPetAdoptedByAdmin } from './pets-admin.service';
import * as petsPolicy from './pets.policy';

const tags = ['Admin'];

const listRoute = createRoute({
  method: 'get',
  path: '/all-pets',
  tags,
  summary: 'Every pet, adopted or not, newest first (admin only); the total in X-Total-Count',
  security: bearerSecurity,
  middleware: [allowedBy(petsPolicy.canListAll)] as const,
  request: { query: adminListQuerySchema },
  responses: {
    200: {
      ...jsonContent(z.array(petSchema), 'A page of pets'),
      headers: z.object({ [TOTAL_COUNT_HEADER]: z.string() }),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/pets/{id}',
  tags,
  summary: 'Delete any pet with its adoption requests (admin only)',
  description: 'Written to the audit log.',
  security: bearerSecurity,
  middleware: [allowedBy(petsPolicy.canDeleteAny)] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(deletedAnswerSchema, 'Deleted'),
    ...errorResponses,
  },
});

const adoptedRoute = createRoute({
  method: 'patch',
  path: '/pets/{id}',
  tags,
  summary: 'Set adopted either way on any pet (admin only); answers the pet',
  description: 'Written to the audit log.',
  security: bearerSecurity,
  middleware: [allowedBy(petsPolicy.canSetAdoptedAny)] as const,
  request: { params: idParamSchema, body: jsonBody(adminPetAdoptedBodySchema) },
  responses: {
    200: jsonContent(petSchema, 'The pet'),
    ...errorResponses,
  },
});

export function createPetsAdminRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(listRoute, async (c) => {
    const admin = requireUser(c);
    const { rows, total } = await listAllPetsForAdmin(deps, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((r) => presentPet(r, admin)),
      200,
    );
  });

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
    return c.json(presentPet(row, admin), 200);
  });

  return router;
}
