import { z } from '@hono/zod-openapi';
import { idParamSchema } from '@pet-haven/shared/ids';
import {
  adoptionRequestBodySchema,
  adoptionRequestSchema,
  adoptionStatusBodySchema,
  deletedAnswerSchema,
  myAdoptionRequestsQuerySchema,
  userAdoptionRequestsQuerySchema,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import { presentAdoptionRequest } from './adoption-requests.presenter';
import * as requests from './adoption-requests.service';

const route = declareRoutes('Adoption requests');
const requestList = (description: string) =>
  pageResponse(z.array(adoptionRequestSchema), description);

const createRequestRoute = route.post('/adoption-requests', {
  summary: 'Ask to adopt a pet (name and e-mail come from the session)',
  guard: signedIn,
  request: { body: jsonBody(adoptionRequestBodySchema) },
  ok: [201, jsonContent(adoptionRequestSchema, 'The pending request')],
  errors: [
    400,
    401,
    [403, 'Your own pet'],
    404,
    [409, 'The pet is adopted, or you already have a pending request'],
  ],
});

const ownerListRoute = route.get('/user/adoption-requests', {
  summary: "Requests on the caller's pets (an admin may name any owner), newest first",
  guard: signedIn,
  request: { query: userAdoptionRequestsQuerySchema },
  ok: [200, requestList('Requests')],
  errors: [400, 401, 403],
});

const myListRoute = route.get('/user/my-adoption-requests', {
  summary: 'The requests the caller sent, with their status, newest first',
  guard: signedIn,
  request: { query: myAdoptionRequestsQuerySchema },
  ok: [200, requestList('Requests')],
  errors: [400, 401],
});

const decideRoute = route.patch('/adoption-requests/{id}', {
  summary: "Accept or reject a request (the pet's owner or an admin); switching is allowed",
  guard: signedIn,
  request: { params: idParamSchema, body: jsonBody(adoptionStatusBodySchema) },
  ok: [200, jsonContent(adoptionRequestSchema, 'The request')],
  errors: [400, 401, 403, 404],
});

const withdrawRoute = route.delete('/adoption-requests/{id}', {
  summary: 'Withdraw a pending request (the requester)',
  guard: signedIn,
  request: { params: idParamSchema },
  ok: [200, jsonContent(deletedAnswerSchema, 'Withdrawn')],
  errors: [400, 401, 403, 404, 409],
});

export function createAdoptionRequestsRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(createRequestRoute, async (c) => {
    const actor = requireUser(c);
    const row = await requests.createRequest(deps, actor, c.req.valid('json'));
    return c.json(presentAdoptionRequest(row, actor), 201);
  });

  servePage(
    router,
    ownerListRoute,
    (query, c) => requests.listForOwner(deps, requireUser(c), query),
    presentAdoptionRequest,
  );
  servePage(
    router,
    myListRoute,
    (query, c) => requests.listMine(deps, requireUser(c), query),
    presentAdoptionRequest,
  );

  router.openapi(decideRoute, async (c) => {
    const actor = requireUser(c);
    const row = await requests.decide(deps, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentAdoptionRequest(row, actor), 200);
  });

  router.openapi(withdrawRoute, async (c) => {
    const actor = requireUser(c);
    const deletedCount = await requests.withdraw(deps, actor, c.req.valid('param').id);
    return c.json({ deletedCount }, 200);
  });

  return router;
}
