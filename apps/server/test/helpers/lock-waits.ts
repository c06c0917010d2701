import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

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
export async function untilALockIsAwaited(db: Database, answer: Promise<unknown>): Promise<void> {
  let answered = false;
  const done = () => {
    answered = true;
  };
  answer.then(done, done);
  while (!answered && (await lockWaiters(db)) === 0) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}
