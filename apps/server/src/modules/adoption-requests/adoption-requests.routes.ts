import { z } from '@hono/zod-openapi';
import { idParamSchema } from '@pet-haven/shared/ids';
import {
  adoptionMessageBodySchema,
  adoptionMessageSchema,
  adoptionMessagesQuerySchema,
  adoptionRequestBodySchema,
  adoptionRequestDetailSchema,
  adoptionRequestSchema,
  adoptionStatusBodySchema,
  deletedAnswerSchema,
  unreadMessagesSchema,
  myAdoptionRequestsQuerySchema,
  userAdoptionRequestsQuerySchema,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import {
  presentAdoptionMessage,
  presentAdoptionRequest,
  presentAdoptionRequestDetail,
} from './adoption-requests.presenter';
import * as messages from './adoption-messages.service';
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
    [409, 'The pet is adopted or its adoption pending, or you already have a pending request'],
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

const detailRoute = route.get('/adoption-requests/{id}', {
  summary: 'A request with the history of its status (the two parties and admins)',
  guard: signedIn,
  request: { params: idParamSchema },
  ok: [200, jsonContent(adoptionRequestDetailSchema, 'The request')],
  errors: [400, 401, 403, 404],
});

const decideRoute = route.patch('/adoption-requests/{id}', {
  summary:
    "Move a request on (the pet's owner or an admin): accept or reject (switching is allowed), confirm an accepted one as adopted",
  guard: signedIn,
  request: { params: idParamSchema, body: jsonBody(adoptionStatusBodySchema) },
  ok: [200, jsonContent(adoptionRequestSchema, 'The request')],
  errors: [
    400,
    401,
    403,
    404,
    [409, 'Not a move from the status it has, or another request on the pet is accepted'],
  ],
});

const messagesRoute = route.get('/adoption-requests/{id}/messages', {
  summary: 'The conversation on a request, newest first (the two parties and admins)',
  guard: signedIn,
  request: { params: idParamSchema, query: adoptionMessagesQuerySchema },
  ok: [200, pageResponse(z.array(adoptionMessageSchema), 'Messages')],
  errors: [400, 401, 403, 404],
});

const sendMessageRoute = route.post('/adoption-requests/{id}/messages', {
  summary: 'Write to the other party of a request (mailed to them)',
  guard: signedIn,
  request: { params: idParamSchema, body: jsonBody(adoptionMessageBodySchema) },
  ok: [201, jsonContent(adoptionMessageSchema, 'The message')],
  errors: [400, 401, 403, 404, [409, 'The request is rejected or closed']],
});

const markReadRoute = route.put('/adoption-requests/{id}/read', {
  summary: "The caller (a party) has read the request's conversation up to now",
  guard: signedIn,
  request: { params: idParamSchema },
  ok: [
    200,
    jsonContent(unreadMessagesSchema, "The caller's unread messages left, on every request"),
  ],
  errors: [400, 401, 403, 404],
});

const unreadRoute = route.get('/user/unread-messages', {
  summary: 'Unread messages on every request the caller is a party to',
  guard: signedIn,
  ok: [200, jsonContent(unreadMessagesSchema, 'How many')],
  errors: [401],
});

const withdrawRoute = route.delete('/adoption-requests/{id}', {
  summary: 'Withdraw a pending request (the requester)',
  guard: signedIn,
  request: { params: idParamSchema },
  ok: [200, jsonContent(deletedAnswerSchema, 'Withdrawn')],
  errors: [400, 401, 403, 404, 409],
});

export function createAdoptionRequestsRoutes(deps: AppDeps) {
  const { imageBase } = deps.config;
  const router = createRouter();

  router.openapi(createRequestRoute, async (c) => {
    const actor = requireUser(c);
    const row = await requests.createRequest(deps, actor, c.req.valid('json'));
    return c.json(presentAdoptionRequest(row, actor, imageBase), 201);
  });

  servePage(
    router,
    ownerListRoute,
    (query, c) => requests.listForOwner(deps, requireUser(c), query),
    (row, viewer) => presentAdoptionRequest(row, viewer, imageBase),
  );
  servePage(
    router,
    myListRoute,
    (query, c) => requests.listMine(deps, requireUser(c), query),
    (row, viewer) => presentAdoptionRequest(row, viewer, imageBase),
  );

  router.openapi(decideRoute, async (c) => {
    const actor = requireUser(c);
    const row = await requests.decide(deps, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(presentAdoptionRequest(row, actor, imageBase), 200);
  });

  router.openapi(detailRoute, async (c) => {
    const actor = requireUser(c);
    const { row, history } = await requests.getDetail(deps, actor, c.req.valid('param').id);
    return c.json(presentAdoptionRequestDetail(row, history, actor, imageBase), 200);
  });

  servePage(
    router,
    messagesRoute,
    (query, c) => messages.listMessages(deps, requireUser(c), c.req.valid('param').id, query),
    presentAdoptionMessage,
  );

  router.openapi(sendMessageRoute, async (c) => {
    const actor = requireUser(c);
    const message = await messages.sendMessage(
      deps,
      actor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(presentAdoptionMessage(message, actor), 201);
  });

  router.openapi(markReadRoute, async (c) => {
    const actor = requireUser(c);
    await messages.markRead(deps, actor, c.req.valid('param').id);
    return c.json(await messages.countUnread(deps, actor), 200);
  });

  router.openapi(unreadRoute, async (c) => {
    const actor = requireUser(c);
    return c.json(await messages.countUnread(deps, actor), 200);
  });

  router.openapi(withdrawRoute, async (c) => {
    const actor = requireUser(c);
    const deletedCount = await requests.withdraw(deps, actor, c.req.valid('param').id);
    return c.json({ deletedCount }, 200);
  });

  return router;
}
