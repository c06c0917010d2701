import { adminOnly } from '../users/users.policy';

/**
 * Who may see how mail is delivered (the admin dashboard's notice when it is off). Every answer
 * is listed in mail.policy.test.ts.
 */

/** GET /api/admin/mail-status: admins only. */
export const canSeeStatus = adminOnly;
