import { mailStatusSchema } from '@pet-haven/shared/mail';
import type { AppDeps } from '../../app-deps';
import { allowedBy } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonContent } from '../../lib/openapi';
import { mailStatus } from './mail-outbox.service';
import * as mailPolicy from './mail.policy';

const route = declareRoutes('Mail');

const statusRoute = route.get('/admin/mail-status', {
  summary:
    'How mail is delivered (SMTP or files only), and how many messages wait or failed (admin only)',
  guard: allowedBy(mailPolicy.canSeeStatus),
  ok: [200, jsonContent(mailStatusSchema, 'The mail status')],
  errors: [401, 403],
});

export function createMailRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(statusRoute, async (c) => c.json(await mailStatus(deps), 200));
  return router;
}
