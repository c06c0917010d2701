import { adminOnly } from '../users/users.policy';

/**
 * Who may read the audit log (every admin action: who, what, when, before and after). Entries
 * are written by the services in the same transaction as the change; nobody edits them.
 * Every answer is listed in audit.policy.test.ts.
 */

/** GET /api/admin/audit-log: admins only. */
export const canRead = adminOnly;
