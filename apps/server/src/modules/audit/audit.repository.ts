import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: DbOrTx, entry: NewAuditRow): Promise<AuditRow> {
  const [row] = await db.insert(auditLog).values(entry).returning();
  if (!row) throw new Error('audit_log insert returned no row');
  return row;
}

/** A page of entries, newest first, and the total number of entries. */
export async function listAuditEntries(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
