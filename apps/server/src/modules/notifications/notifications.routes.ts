import {
  notificationSettingsSchema,
  unsubscribeAnswerSchema,
  unsubscribeQuerySchema,
} from '@pet-haven/shared/notifications';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { getSettings, saveSettings, unsubscribe } from './notifications.service';

const route = declareRoutes('Notifications');

const settingsRoute = route.get('/user/notifications', {
  summary:
    'Which kinds of notification mail go to the caller (security mail and receipts always do)',
  guard: signedIn,
  ok: [200, jsonContent(notificationSettingsSchema, 'On (true) or off, by topic')],
  errors: [401],
});

const saveSettingsRoute = route.put('/user/notifications', {
  summary: 'Turn kinds of notification mail on or off for the caller (every topic at once)',
  guard: signedIn,
  request: { body: jsonBody(notificationSettingsSchema) },
  ok: [200, jsonContent(notificationSettingsSchema, 'Saved')],
  errors: [400, 401],
});

const unsubscribeRoute = route.post('/notifications/unsubscribe', {
  summary: "A notification mail's unsubscribe link: turns its kind off for its recipient",
  description:
    'No sign-in: the token of the link says who and what. Also the target of the one-click ' +
    '`List-Unsubscribe-Post` (the body is ignored). A second call changes nothing; a token that ' +
    'is not genuine answers 400 `INVALID_TOKEN`.',
  request: { query: unsubscribeQuerySchema },
  ok: [200, jsonContent(unsubscribeAnswerSchema, 'Turned off')],
  errors: [400],
});

export function createNotificationsRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(settingsRoute, async (c) => c.json(await getSettings(deps, requireUser(c)), 200));

  router.openapi(saveSettingsRoute, async (c) =>
    c.json(await saveSettings(deps, requireUser(c), c.req.valid('json')), 200),
  );

  router.openapi(unsubscribeRoute, async (c) =>
    c.json(await unsubscribe(deps, c.req.valid('query').token), 200),
  );

  return router;
}
