import { createRoute, z } from '@hono/zod-openapi';
import { errorBodySchema } from '@pet-haven/shared/errors';
import { idParamSchema } from '@pet-haven/shared/ids';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import {
  deletedAnswerSchema,
  markAdoptedBodySchema,
  petBodySchema,
  petListQuerySchema,
  petSchema,
  updatePetBodySchema,
  userPetsQuerySchema,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { allowedBy, requireUser, signedIn } from '../../auth/authenticate.middleware';
import { authorize } from '../../auth/authorize';
import {
  bearerSecurity,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import * as petsPolicy from './pets.policy';
import { presentPet } from './pets.presenter';
import * as pets from './pets.service';

const totalHeader = {
  [TOTAL_COUNT_HEADER]: { schema: { type: 'integer' as const }, description: 'Matching pets' },
};
const petList = (description: string) => ({
  ...jsonContent(z.array(petSchema), description),
  headers: totalHeader,
});
const { 400: e400, 401: e401, 403: e403, 404: e404 } = errorResponses;

const listRoute = createRoute({
  method: 'get',
  path: '/pets',
  tags: ['Pets'],
  summary: 'One page of pets, newest first; the total in X-Total-Count',
  description:
    'Anonymous callers always get pets not yet adopted (`adopted` is taken as false whatever ' +
    'they send) and no e-mail addresses; signed-in callers may filter on `adopted` either way.',
  request: { query: petListQuerySchema },
  responses: { 200: petList('Pets (no e-mail addresses for anonymous callers)'), 400: e400 },
});

const getRoute = createRoute({
  method: 'get',
  path: '/pets/{id}',
  tags: ['Pets'],
  summary: 'One pet',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(petSchema, 'The pet'), 400: e400, 404: e404 },
});

const addRoute = createRoute({
  method: 'post',
  path: '/add-pet',
  tags: ['Pets'],
  summary: 'List a pet; the owner is the signed-in user (a userEmail in the body is ignored)',
  security: bearerSecurity,
  middleware: [allowedBy(petsPolicy.canCreate)] as const,
  request: { body: jsonBody(petBodySchema) },
  responses: { 201: jsonContent(petSchema, 'The new pet'), 400: e400, 401: e401 },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/update-pet/{id}',
  tags: ['Pets'],
  summary: 'Change a pet (owner or admin); send only the fields to change',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: idParamSchema, body: jsonBody(updatePetBodySchema) },
  responses: {
    200: jsonContent(petSchema, 'The changed pet'),
    400: e400,
    401: e401,
    403: e403,
    404: e404,
  },
});

const userPetsRoute = createRoute({
  method: 'get',
  path: '/user/pets',
  tags: ['Pets'],
  summary: "The caller's own pets (an admin may name anyone), newest first",
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { query: userPetsQuerySchema },
  responses: { 200: petList('Pets'), 400: e400, 401: e401, 403: e403 },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/pet/{id}',
  tags: ['Pets'],
  summary: 'Delete a pet and its adoption requests (owner or admin)',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(deletedAnswerSchema, 'Deleted'),
    400: e400,
    401: e401,
    403: e403,
    404: e404,
  },
});

const adoptedRoute = createRoute({
  method: 'patch',
  path: '/pets/{id}/adopted',
  tags: ['Pets'],
  summary: 'Mark a pet adopted (owner: one way; admin: either way)',
  description:
    'Send no body (marks adopted) or a JSON body `{ adopted }`. Another content type is a 415, ' +
    'malformed JSON a 400.',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: markAdoptedBodySchema } }, required: false },
  },
  responses: {
    200: jsonContent(petSchema, 'The pet'),
    400: e400,
    401: e401,
    403: e403,
    404: e404,
    415: jsonContent(errorBodySchema, 'A body that is not JSON'),
  },
});

export function createPetsRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(listRoute, async (c) => {
    const viewer = c.get('user');
    const query = c.req.valid('query');
    // Visitors only ever see pets not yet adopted (spec: pet listing).
    const { rows, total } = await pets.listPets(
      deps,
      petsPolicy.canSeeAdopted(viewer) ? query : { ...query, adopted: false },
    );
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((r) => presentPet(r, viewer)),
      200,
    );
  });

  router.openapi(getRoute, async (c) => {
    const viewer = c.get('user');
    const pet = await pets.getPet(deps, c.req.valid('param').id);
    authorize(petsPolicy.canView(viewer, pet));
    return c.json(presentPet(pet, viewer), 200);
  });

  router.openapi(addRoute, async (c) => {
    const actor = requireUser(c);
    const pet = await pets.addPet(deps, actor, c.req.valid('json'));
    return c.json(presentPet(pet, actor), 201);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = requireUser(c);
    const pet = await pets.updatePet(deps, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentPet(pet, actor), 200);
  });

  router.openapi(userPetsRoute, async (c) => {
    const actor = requireUser(c);
    const { rows, total } = await pets.listUserPets(deps, actor, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((r) => presentPet(r, actor)),
      200,
    );
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = requireUser(c);
    const deletedCount = await pets.deletePet(deps, actor, c.req.valid('param').id);
    return c.json({ deletedCount }, 200);
  });

  router.openapi(adoptedRoute, async (c) => {
    const actor = requireUser(c);
    // Validated by the route: a JSON body, or none at all (then `{}`, i.e. mark adopted).
    const pet = await pets.setAdopted(deps, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentPet(pet, actor), 200);
  });

  return router;
}
