import type { AuditEntry } from '@pet-haven/shared/audit';
import type { AuditRow } from './audit.repository';

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
