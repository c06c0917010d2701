import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../src/db/client';

/** Statements of this test database's connections that wait for a lock (PostgreSQL). */
async function lockWaiters(db: Database): Promise<number> {
  const r = await db.execute(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/**
 * Resolves once a statement of this test database waits for a lock, or once `answer` (the
 * request expected to wait) settled first, which the test's assertions then show. It polls the
 * database, not a clock.
 */
async function untilALockIsAwaited(db: Database, answer: Promise<unknown>): Promise<void> {
  let answered = false;
  const done = () => {
    answered = true;
  };
  answer.then(done, done);
  while (!answered && (await lockWaiters(db)) === 0) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Sends `request` into a circle of locks and answers its answer: another transaction takes
 * `hold` (what the request's statement will wait for); the request is sent, and once its statement
 * waits, the other transaction runs `close`, asking for what the request's statement holds.
 * PostgreSQL ends the request's transaction, which waited first: the other transaction checks for
 * a deadlock only after a minute of waiting (`deadlock_timeout`, set for it alone), so the
 * request's check (after the server's 1 s) always comes first, however slow the machine; the other
 * then commits. (PostgreSQL only: PGlite runs one transaction at a time.)
 */
export async function sendIntoALockCircle<T>(
  db: Database,
  hold: (tx: DbOrTx) => Promise<unknown>,
  request: () => Promise<T>,
  close: (tx: DbOrTx) => Promise<unknown>,
): Promise<T> {
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let closeCircle!: () => void;
  const closing = new Promise<void>((resolve) => (closeCircle = resolve));
  const other = db.transaction(async (tx) => {
    await tx.execute(sql`set local deadlock_timeout = '60s'`);
    await hold(tx);
    held();
    await closing;
    await close(tx);
  });
  await Promise.race([holding, other]);
  const answer = request();
  await untilALockIsAwaited(db, answer);
  closeCircle();
  const res = await answer;
  await other;
  return res;
}
