import { z } from '@hono/zod-openapi';
import {
  adminCheckAnswerSchema,
  dataExportSchema,
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
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import * as usersPolicy from './users.policy';
import { presentProfileSave, presentUser } from './users.presenter';
import { exportUserData } from './user-data.service';
import { isAdminEmail, listAllUsers, promoteUserById, saveProfile } from './users.service';

const route = declareRoutes('Users');

const saveRoute = route.post('/users', {
  summary: "Store or update the caller's profile (name or displayName, photoURL)",
  description:
    'The e-mail must be the caller\'s. The first save answers `{ insertedId, message: "User saved" }`, ' +
    'later ones `{ insertedId: null, message: "User already exists" }` and still update the profile.',
  guard: signedIn,
  request: { body: jsonBody(saveUserBodySchema) },
  ok: [200, jsonContent(saveUserAnswerSchema, 'Saved')],
  errors: [400, 401, 403, 404],
});

const listRoute = route.get('/users', {
  summary: 'All users, oldest account first (admin only); the total is in X-Total-Count',
  guard: allowedBy(usersPolicy.canListUsers),
  request: { query: usersQuerySchema },
  ok: [200, pageResponse(z.array(userSchema), 'Users')],
  errors: [400, 401, 403],
});

const adminCheckRoute = route.get('/users/admin/{email}', {
  summary: 'Whether the user with this e-mail is an admin (yourself, or anyone when an admin asks)',
  guard: signedIn,
  request: { params: userEmailParamSchema },
  ok: [200, jsonContent(adminCheckAnswerSchema, 'The answer')],
  errors: [400, 401, 403],
});

const promoteRoute = route.patch('/users/admin/{id}', {
  summary: 'Make a user an admin (admin only); there is no demotion',
  description:
    'Answers `modifiedCount` 1, or 0 when the user already is an admin. A user whose e-mail is ' +
    'not verified cannot be made an admin (409): anyone can sign up with any address.',
  guard: allowedBy(usersPolicy.canPromote),
  request: { params: userIdParamSchema },
  ok: [200, jsonContent(modifiedCountAnswerSchema, 'Promoted, or already an admin')],
  errors: [400, 401, 403, 404, [409, 'The user has not verified their e-mail address']],
});

const exportRoute = route.get('/user/export', {
  summary:
    "Download my data: the caller's account, pets, adoption requests, campaigns and donations",
  description:
    'Answered as a JSON file (`Content-Disposition: attachment`). Only ever the caller’s own.',
  guard: signedIn,
  ok: [200, jsonContent(dataExportSchema, 'Everything stored about the caller')],
  errors: [401],
});

export function createUsersRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(saveRoute, async (c) => {
    const caller = requireUser(c);
    const saved = await saveProfile(deps, caller, c.req.valid('json'));
    return c.json(presentProfileSave(caller.id, saved), 200);
  });

  router.openapi(exportRoute, async (c) => {
    const data = await exportUserData(deps, requireUser(c));
    c.header(
      'Content-Disposition',
      `attachment; filename="pet-haven-data-${data.exportedAt.slice(0, 10)}.json"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(data, 200);
  });

  servePage(router, listRoute, (query) => listAllUsers(deps, query), presentUser);

  router.openapi(adminCheckRoute, async (c) => {
    const caller = requireUser(c);
    return c.json({ admin: await isAdminEmail(deps, caller, c.req.valid('param').email) }, 200);
  });

  router.openapi(promoteRoute, async (c) => {
    const admin = requireUser(c);
    return c.json(
      { modifiedCount: await promoteUserById(deps, admin, c.req.valid('param').id) },
      200,
    );
  });

  return router;
}
