import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { countRows, pageFrom } from '../../db/paging';
import { pets, savedSearches, user } from '../../db/schema/index';
import type { Page, PageWindow } from '../../lib/paging';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * Holds the user's row lock (NO KEY UPDATE) until the transaction ends: their saves are counted
 * and written one at a time, also across processes.
 */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
}

/** How many searches a user keeps. */
export async function countSavedSearches(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(
  db: DbOrTx,
  values: { userId: string; name: string; query: string; alerts: boolean },
): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row!;
}

/** The user's own search by id, or null (someone else's is null too). */
export async function findOwnSavedSearch(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<SavedSearchRow | null> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return rows[0] ?? null;
}

/** Renames the user's search or turns its alerts on or off; null when it is not theirs. */
export async function updateOwnSavedSearch(
  db: DbOrTx,
  userId: string,
  id: string,
  changes: { name?: string; alerts?: boolean },
): Promise<SavedSearchRow | null> {
  const rows = await db
    .update(savedSearches)
    .set({
      ...changes,
      // alerts turned back on start from now: pets listed while they were off are not mailed
      ...(changes.alerts === true
        ? {
            checkedUntil: sql`case when ${savedSearches.alerts} then ${savedSearches.checkedUntil} else now() end`,
          }
        : {}),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteOwnSavedSearch(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** The user's searches, newest first. */
export function listSavedSearches(
  db: DbOrTx,
  userId: string,
  window: PageWindow,
): Promise<Page<SavedSearchRow>> {
  const where = eq(savedSearches.userId, userId);
  return pageFrom(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(savedSearches)
        .where(where)
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
        .limit(limit)
        .offset(offset),
    countRows(db, savedSearches, where),
  );
}

/**
 * Locks and answers up to `limit` searches with alerts on that were not mailed since
 * `alertedBefore` and have a pet added after their `checked_until` and by `until` (any pet: the
 * filters are applied after), after the id `afterId`, in id order. Searches another process holds
 * are skipped (SKIP LOCKED): it is checking them.
 */
export function claimDueSearches(
  tx: Tx,
  alertedBefore: Date,
  until: Date,
  afterId: string | null,
  limit: number,
): Promise<SavedSearchRow[]> {
  return tx
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.alerts, true),
        or(isNull(savedSearches.lastAlertedAt), lte(savedSearches.lastAlertedAt, alertedBefore)),
        // served by pets_date_idx
        sql`exists (select 1 from ${pets} where ${pets.dateAdded} > ${savedSearches.checkedUntil} and ${pets.dateAdded} <= ${until.toISOString()}::timestamptz)`,
        afterId ? gt(savedSearches.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(savedSearches.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Pets added up to this time are settled (every transaction that added one has ended, unless it
 * ran longer than `settleSeconds`): an alert run considers pets up to it, and the next run after
 * it, so a pet is seen by exactly one run. The database's clock, as `pets.date_added`.
 */
export async function settledUntil(tx: Tx, settleSeconds: number): Promise<Date> {
  const result = await tx.execute(
    sql`select now() - make_interval(secs => ${settleSeconds}) as until`,
  );
  const [row] = (result as unknown as { rows: { until: Date | string }[] }).rows;
  // read into a JavaScript Date (milliseconds): the bound and checked_until are then the same value
  return new Date(row!.until);
}

/** After a check: pets added up to `until` were considered; `alertedAt`, when a mail was written. */
export async function markChecked(
  tx: Tx,
  id: string,
  until: Date,
  alertedAt: Date | null,
): Promise<void> {
  await tx
    .update(savedSearches)
    .set({
      checkedUntil: sql`greatest(${savedSearches.checkedUntil}, ${until.toISOString()}::timestamptz)`,
      ...(alertedAt ? { lastAlertedAt: alertedAt } : {}),
    })
    .where(eq(savedSearches.id, id));
}
