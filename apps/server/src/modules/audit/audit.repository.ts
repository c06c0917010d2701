import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countRows, pageFrom } from '../../db/paging';
import type { Page, PageWindow } from '../../lib/paging';
import { auditLog } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Who did it: a signed-in admin (the caller as it is: only its id and e-mail are kept), or
 * `{ id: null, email: 'cli' }` for actions without a user.
 */
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
 * Records an admin action. Call it with the transaction of the change it describes (like every
 * other statement of that transaction), so the entry and the change are written together or not
 * at all.
 */
export async function recordAdminAction(tx: DbOrTx, entry: AdminAction): Promise<AuditRow> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .returning();
  if (!row) throw new Error('audit_log insert returned no row');
  return row;
}

/** A page of entries, newest first (the last written first within one instant), and the total. */
export const listAuditEntries = (db: DbOrTx, window: PageWindow): Promise<Page<AuditRow>> =>
  pageFrom(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(auditLog)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
        .limit(limit)
        .offset(offset),
    countRows(db, auditLog),
  );
