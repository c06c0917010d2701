import { z } from '@hono/zod-openapi';
import { idParamSchema } from '@pet-haven/shared/ids';
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
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import * as petsPolicy from './pets.policy';
import { presentPet } from './pets.presenter';
import * as pets from './pets.service';

const route = declareRoutes('Pets');
const petList = (description: string) => pageResponse(z.array(petSchema), description);

const listRoute = route.get('/pets', {
  summary:
    'One page of pets, newest first; the total in X-Total-Count (past 1,000 matches of a search, X-Total-Count-Exceeds)',
  description:
    'Anonymous callers always get pets not yet adopted (`adopted` is taken as false whatever ' +
    'they send) and no e-mail addresses; signed-in callers may filter on `adopted` either way.',
  request: { query: petListQuerySchema },
  ok: [
    200,
    // searched by name, facts or distance, the total counts only so far (decisions 041, 047)
    pageResponse(z.array(petSchema), 'Pets (no e-mail addresses for anonymous callers)', {
      total: 'capped',
    }),
  ],
  errors: [400],
});

const getRoute = route.get('/pets/{id}', {
  summary: 'One pet',
  request: { params: idParamSchema },
  ok: [200, jsonContent(petSchema, 'The pet')],
  errors: [400, 404],
});

const addRoute = route.post('/add-pet', {
  summary: 'List a pet; the owner is the signed-in user (a userEmail in the body is ignored)',
  guard: allowedBy(petsPolicy.canCreate),
  request: { body: jsonBody(petBodySchema) },
  ok: [201, jsonContent(petSchema, 'The new pet')],
  errors: [400, 401],
});

const updateRoute = route.patch('/update-pet/{id}', {
  summary: 'Change a pet (owner or admin); send only the fields to change',
  guard: signedIn,
  request: { params: idParamSchema, body: jsonBody(updatePetBodySchema) },
  ok: [200, jsonContent(petSchema, 'The changed pet')],
  errors: [400, 401, 403, 404],
});

const userPetsRoute = route.get('/user/pets', {
  summary: "The caller's own pets (an admin may name anyone), newest first",
  guard: signedIn,
  request: { query: userPetsQuerySchema },
  ok: [200, petList('Pets')],
  errors: [400, 401, 403],
});

const deleteRoute = route.delete('/pet/{id}', {
  summary: 'Delete a pet and its adoption requests (owner or admin)',
  guard: signedIn,
  request: { params: idParamSchema },
  ok: [200, jsonContent(deletedAnswerSchema, 'Deleted')],
  errors: [400, 401, 403, 404],
});

const adoptedRoute = route.patch('/pets/{id}/adopted', {
  summary: 'Mark a pet adopted (owner: one way; admin: either way)',
  description:
    'Send no body (marks adopted) or a JSON body `{ adopted }`. Another content type is a 415, ' +
    'malformed JSON a 400.',
  guard: signedIn,
  request: { params: idParamSchema, body: jsonBody(markAdoptedBodySchema, { required: false }) },
  ok: [200, jsonContent(petSchema, 'The pet')],
  errors: [400, 401, 403, 404, [415, 'A body that is not JSON']],
});

export function createPetsRoutes(deps: AppDeps) {
  const { imageBase } = deps.config;
  const router = createRouter();

  // Visitors only ever see pets not yet adopted (spec: pet listing).
  servePage(
    router,
    listRoute,
    (query, c) =>
      pets.listPets(
        deps,
        petsPolicy.canSeeAdopted(c.get('user')) ? query : { ...query, adopted: false },
      ),
    (row, viewer) => presentPet(row, viewer, imageBase),
  );

  router.openapi(getRoute, async (c) => {
    const viewer = c.get('user');
    const pet = await pets.getPetWithPhotos(deps, c.req.valid('param').id);
    authorize(petsPolicy.canView(viewer, pet));
    return c.json(presentPet(pet, viewer, imageBase), 200);
  });

  router.openapi(addRoute, async (c) => {
    const actor = requireUser(c);
    const pet = await pets.addPet(deps, actor, c.req.valid('json'));
    return c.json(presentPet(pet, actor, imageBase), 201);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = requireUser(c);
    const pet = await pets.updatePet(deps, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentPet(pet, actor, imageBase), 200);
  });

  servePage(
    router,
    userPetsRoute,
    (query, c) => pets.listUserPets(deps, requireUser(c), query),
    (row, viewer) => presentPet(row, viewer, imageBase),
  );

  router.openapi(deleteRoute, async (c) => {
    const actor = requireUser(c);
    const deletedCount = await pets.deletePet(deps, actor, c.req.valid('param').id);
    return c.json({ deletedCount }, 200);
  });

  router.openapi(adoptedRoute, async (c) => {
    const actor = requireUser(c);
    // Validated by the route: a JSON body, or none at all (then `{}`, i.e. mark adopted).
    const pet = await pets.setAdopted(deps, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentPet(pet, actor, imageBase), 200);
  });

  return router;
}
