import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { signInThrottle } from '../db/schema/index';

export interface AccountThrottleRow {
  failures: number;
  lockedUntil: Date | null;
  lastAttemptAt: Date;
}

/**
 * The e-mail's back-off state, its row created when missing (no failures), locked until the
 * transaction ends: concurrent attempts for one e-mail, from any process, are decided one after
 * the other.
 */
export async function lockAccountThrottle(
  tx: Tx,
  email: string,
  now: Date,
): Promise<AccountThrottleRow> {
  await tx
    .insert(signInThrottle)
    .values({ email, failures: 0, lastAttemptAt: now })
    .onConflictDoNothing({ target: signInThrottle.email });
  const [row] = await tx
    .select({
      failures: signInThrottle.failures,
      lockedUntil: signInThrottle.lockedUntil,
      lastAttemptAt: signInThrottle.lastAttemptAt,
    })
    .from(signInThrottle)
    .where(eq(signInThrottle.email, email))
    .for('update');
  // The row exists: inserted above, or by another transaction that committed before we waited.
  return row ?? { failures: 0, lockedUntil: null, lastAttemptAt: now };
}

export async function saveAccountThrottle(
  tx: Tx,
  email: string,
  state: AccountThrottleRow,
): Promise<void> {
  await tx.update(signInThrottle).set(state).where(eq(signInThrottle.email, email));
}

/** Forgets the e-mail's failures and lock (a successful sign-in, a password reset). */
export async function deleteAccountThrottle(db: DbOrTx, email: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.email, email));
}

/**
 * Deletes up to `limit` rows whose last attempt is older than `before` and that are not locked
 * at `now`; answers how many went.
 */
export async function deleteStaleAccountThrottles(
  db: DbOrTx,
  before: Date,
  now: Date,
  limit: number,
): Promise<number> {
  const stale = db
    .select({ email: signInThrottle.email })
    .from(signInThrottle)
    .where(
      and(
        lt(signInThrottle.lastAttemptAt, before),
        or(isNull(signInThrottle.lockedUntil), lt(signInThrottle.lockedUntil, now)),
      ),
    )
    .limit(limit);
  const rows = await db
    .delete(signInThrottle)
    .where(inArray(signInThrottle.email, stale))
    .returning({ email: signInThrottle.email });
  return rows.length;
}
