import { createRoute, z } from '@hono/zod-openapi';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import {
  adminCheckAnswerSchema,
  modifiedCountAnswerSchema,
  saveUserAnswerSchema,
  saveUserBodySchema,
  userEmailParamSchema,
  userIdParamSchema,
  userSchema,
  usersQuerySchema,
} from '@pet-haven/shared/users';
import type { AppDeps } from '../../app-deps';
import { allowedBy, requireUser, signedIn } from '../../auth/authenticate.middleware';
import {
  bearerSecurity,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import * as usersPolicy from './users.policy';
import { presentUser } from './users.presenter';
import { isAdminEmail, listAllUsers, promoteUserById, saveProfile } from './users.service';

const saveRoute = createRoute({
  method: 'post',
  path: '/users',
  tags: ['Users'],
  summary: "Store or update the caller's profile (name or displayName, photoURL)",
  description:
    'The e-mail must be the caller\'s. The first save answers `{ insertedId, message: "User saved" }`, ' +
    'later ones `{ insertedId: null, message: "User already exists" }` and still update the profile.',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { body: jsonBody(saveUserBodySchema) },
  responses: {
    200: jsonContent(saveUserAnswerSchema, 'Saved'),
    ...errorResponses,
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/users',
  tags: ['Users'],
  summary: 'All users, oldest account first (admin only); the total is in X-Total-Count',
  security: bearerSecurity,
  middleware: [allowedBy(usersPolicy.canListUsers)] as const,
  request: { query: usersQuerySchema },
  responses: {
    200: {
      ...jsonContent(z.array(userSchema), 'A page of users'),
      headers: z.object({ [TOTAL_COUNT_HEADER]: z.string() }),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const adminCheckRoute = createRoute({
  method: 'get',
  path: '/users/admin/{email}',
  tags: ['Users'],
  summary: 'Whether the user with this e-mail is an admin (yourself, or anyone when an admin asks)',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: userEmailParamSchema },
  responses: {
    200: jsonContent(adminCheckAnswerSchema, 'The answer'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const promoteRoute = createRoute({
  method: 'patch',
  path: '/users/admin/{id}',
  tags: ['Users'],
  summary: 'Make a user an admin (admin only); there is no demotion',
  description: 'Answers `modifiedCount` 1, or 0 when the user already is an admin.',
  security: bearerSecurity,
  middleware: [allowedBy(usersPolicy.canPromote)] as const,
  request: { params: userIdParamSchema },
  responses: {
    200: jsonContent(modifiedCountAnswerSchema, 'Promoted, or already an admin'),
    ...errorResponses,
  },
});

export function createUsersRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();

  router.openapi(saveRoute, async (c) => {
    const caller = requireUser(c);
    return c.json(await saveProfile(db, caller, c.req.valid('json')), 200);
  });

  router.openapi(listRoute, async (c) => {
    const { rows, total } = await listAllUsers(db, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(rows.map(presentUser), 200);
  });

  router.openapi(adminCheckRoute, async (c) => {
    const caller = requireUser(c);
    return c.json({ admin: await isAdminEmail(db, caller, c.req.valid('param').email) }, 200);
  });

  router.openapi(promoteRoute, async (c) => {
    const admin = requireUser(c);
    return c.json(
      { modifiedCount: await promoteUserById(db, admin, c.req.valid('param').id) },
      200,
    );
  });

  return router;
}
