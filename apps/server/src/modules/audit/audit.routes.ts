import { createRoute, z } from '@hono/zod-openapi';
import { auditEntrySchema, auditLogQuerySchema } from '@pet-haven/shared/audit';
import { TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import type { AppDeps } from '../../app-deps';
import { allowedBy } from '../../auth/authenticate.middleware';
import { bearerSecurity, createRouter, errorResponses, jsonContent } from '../../lib/openapi';
import * as auditPolicy from './audit.policy';
import { presentAuditEntry } from './audit.presenter';
import { listAuditLog } from './audit.service';

const listRoute = createRoute({
  method: 'get',
  path: '/admin/audit-log',
  tags: ['Admin'],
  summary: 'Admin actions, newest first (admin only); the total is in X-Total-Count',
  security: bearerSecurity,
  middleware: [allowedBy(auditPolicy.canRead)] as const,
  request: { query: auditLogQuerySchema },
  responses: {
    200: {
      ...jsonContent(z.array(auditEntrySchema), 'A page of audit entries'),
      headers: z.object({ [TOTAL_COUNT_HEADER]: z.string() }),
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export function createAuditRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(listRoute, async (c) => {
    const { rows, total } = await listAuditLog(deps.database.db, c.req.valid('query'));
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(rows.map(presentAuditEntry), 200);
  });
  return router;
}
