import type { AuditLogQuery } from '@pet-haven/shared/audit';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../lib/paging';
import { insertAuditEntry, listAuditEntries } from './audit.repository';

/** Who did it: a signed-in admin, or `{ id: null, email: 'cli' }` for actions without a user. */
export interface AuditActor {
  id: string | null;
  email: string;
}

export interface AdminAction {
  actor: AuditActor;
  /** `<resource>.<verb>`, e.g. "user.promote", "pet.delete", "campaign.pause". */
  action: string;
  targetType: string;
  targetId: string;
  /** The relevant state before and after the action (null when it did not exist). */
  before: unknown;
  after: unknown;
}

/**
 * Records an admin action. Call it with the transaction handle of the change it describes,
 * so the entry and the change are written together or not at all.
 */
export async function recordAdminAction(tx: DbOrTx, entry: AdminAction) {
  return insertAuditEntry(tx, {
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export function listAuditLog(db: DbOrTx, query: AuditLogQuery) {
  return listAuditEntries(db, pageOf(query));
}
