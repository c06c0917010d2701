import type { AuditLogQuery } from '@pet-haven/shared/audit';
import type { AppDeps } from '../../app-deps';
import { pageOf } from '../../lib/paging';
import { listAuditEntries } from './audit.repository';

/**
 * The audit log: every admin action (who, what, when, before and after). Entries are written by
 * the services that change something, in the same transaction, with `recordAdminAction(tx, ...)`
 * of audit.repository.ts; nobody edits them.
 */

/** GET /api/admin/audit-log: a page of entries, newest first, with the total. */
export function listAuditLog(deps: Pick<AppDeps, 'database'>, query: AuditLogQuery) {
  return listAuditEntries(deps.database.db, pageOf(query));
}
