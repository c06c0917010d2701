import { createRoute, z } from '@hono/zod-openapi';
import { idParamSchema } from '@pet-haven/shared/ids';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import {
  adoptionRequestBodySchema,
  adoptionRequestSchema,
  adoptionStatusBodySchema,
  deletedAnswerSchema,
  myAdoptionRequestsQuerySchema,
  userAdoptionRequestsQuerySchema,
} from '@pet-haven/shared/pets';
import { errorBodySchema } from '@pet-haven/shared/errors';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import {
  bearerSecurity,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import { presentAdoptionRequest } from './adoption-requests.presenter';
import * as requests from './adoption-requests.service';

const { 400: e400, 401: e401, 403: e403, 404: e404 } = errorResponses;
const e409 = jsonContent(errorBodySchema, 'Conflicts with the current state');
const requestList = (description: string) => ({
  ...jsonContent(z.array(adoptionRequestSchema), description),
  headers: {
    [TOTAL_COUNT_HEADER]: { schema: { type: 'integer' as const }, description: 'All requests' },
  },
});

const createRequestRoute = createRoute({
  method: 'post',
  path: '/adoption-requests',
  tags: ['Adoption requests'],
  summary: 'Ask to adopt a pet (name and e-mail come from the session)',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { body: jsonBody(adoptionRequestBodySchema) },
  responses: {
    201: jsonContent(adoptionRequestSchema, 'The pending request'),
    400: e400,
    401: e401,
    403: jsonContent(errorBodySchema, 'Your own pet'),
    404: e404,
    409: jsonContent(errorBodySchema, 'The pet is adopted, or you already have a pending request'),
  },
});

const ownerListRoute = createRoute({
  method: 'get',
  path: '/user/adoption-requests',
  tags: ['Adoption requests'],
  summary: "Requests on the caller's pets (an admin may name any owner), newest first",
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { query: userAdoptionRequestsQuerySchema },
  responses: { 200: requestList('Requests'), 400: e400, 401: e401, 403: e403 },
});

const myListRoute = createRoute({
  method: 'get',
  path: '/user/my-adoption-requests',
  tags: ['Adoption requests'],
  summary: 'The requests the caller sent, with their status, newest first',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { query: myAdoptionRequestsQuerySchema },
  responses: { 200: requestList('Requests'), 400: e400, 401: e401 },
});

const decideRoute = createRoute({
  method: 'patch',
  path: '/adoption-requests/{id}',
  tags: ['Adoption requests'],
  summary: "Accept or reject a request (the pet's owner or an admin); switching is allowed",
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: idParamSchema, body: jsonBody(adoptionStatusBodySchema) },
  responses: {
    200: jsonContent(adoptionRequestSchema, 'The request'),
    400: e400,
    401: e401,
    403: e403,
    404: e404,
  },
});

const withdrawRoute = createRoute({
  method: 'delete',
  path: '/adoption-requests/{id}',
  tags: ['Adoption requests'],
  summary: 'Withdraw a pending request (the requester)',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(deletedAnswerSchema, 'Withdrawn'),
    400: e400,
    401: e401,
    403: e403,
    404: e404,
    409: e409,
  },
});

export function createAdoptionRequestsRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(createRequestRoute, async (c) => {
    const actor = requireUser(c);
    const row = await requests.createRequest(deps, actor, c.req.valid('json'));
    return c.json(presentAdoptionRequest(row, actor), 201);
  });

  router.openapi(ownerListRoute, async (c) => {
    const actor = requireUser(c);
    const { rows, total } = await requests.listForOwner(deps, actor, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((r) => presentAdoptionRequest(r, actor)),
      200,
    );
  });

  router.openapi(myListRoute, async (c) => {
    const actor = requireUser(c);
    const { rows, total } = await requests.listMine(deps, actor, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((r) => presentAdoptionRequest(r, actor)),
      200,
    );
  });

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
