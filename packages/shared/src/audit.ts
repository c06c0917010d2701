import { z } from 'zod';
import { pagingQuerySchema } from './pagination';

/** One recorded admin action (GET /api/admin/audit-log), newest first. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string().nullable().describe('null for the command line or ADMIN_EMAILS'),
  actorEmail: z.string().describe('who acted; "cli" or "system:ADMIN_EMAILS" when no user did'),
  action: z.string().describe('e.g. "user.promote", "pet.delete"'),
  targetType: z.string().describe('e.g. "user", "pet", "campaign"'),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string().describe('ISO 8601 time'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_LOG_PAGE_SIZE = 50;

export const auditLogQuerySchema = pagingQuerySchema(AUDIT_LOG_PAGE_SIZE);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
