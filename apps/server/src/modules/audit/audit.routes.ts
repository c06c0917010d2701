import { z } from '@hono/zod-openapi';
import { auditEntrySchema, auditLogQuerySchema } from '@pet-haven/shared/audit';
import type { AppDeps } from '../../app-deps';
import { allowedBy } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes } from '../../lib/openapi';
import { pageResponse, servePage } from '../../lib/paging';
import * as auditPolicy from './audit.policy';
import { presentAuditEntry } from './audit.presenter';
import { listAuditLog } from './audit.service';

const route = declareRoutes('Admin');

const listRoute = route.get('/admin/audit-log', {
  summary: 'Admin actions, newest first (admin only); the total is in X-Total-Count',
  guard: allowedBy(auditPolicy.canRead),
  request: { query: auditLogQuerySchema },
  ok: [200, pageResponse(z.array(auditEntrySchema), 'Audit entries')],
  errors: [400, 401, 403],
});

export function createAuditRoutes(deps: AppDeps) {
  const router = createRouter();
  servePage(router, listRoute, (query) => listAuditLog(deps, query), presentAuditEntry);
  return router;
}
