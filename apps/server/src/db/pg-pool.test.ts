import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partitionableProxy } from '../../test/helpers/partition-proxy';
import { createScratchDatabase, type ScratchDatabase } from '../../test/helpers/test-database';
import { isDatabaseUnavailable } from '../lib/errors';
import { createLogger } from '../lib/logger';
import { createPgPool, QUERY_TIMEOUT_MS } from './pg-pool';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A pool of `max` connections to a scratch database through a proxy that can fall silent. */
async function poolBehindProxy(max: number) {
  const scratch: ScratchDatabase = await createScratchDatabase();
  cleanups.push(() => scratch.drop());
  const proxy = await partitionableProxy(new URL(scratch.url));
  cleanups.push(() => proxy.close());
  const url = new URL(scratch.url);
  url.port = String(proxy.port);
  const logger = createLogger('silent');
  const warn = vi.spyOn(logger, 'warn');
  const pool = createPgPool(url.toString(), max, logger);
  cleanups.push(() => pool.end());
  return { pool, db: drizzle(pool), proxy, scratch, warn };
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (err: unknown) => err,
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the PostgreSQL pool (TEST_DATABASE_URL only: PGlite has no pool)',
  () => {
    it('logs a connection PostgreSQL terminates (57P01) instead of crashing, and opens a new one', async () => {
      const { db, scratch, warn } = await poolBehindProxy(2);
      await db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      cleanups.push(() => admin.end());
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [scratch.name],
      );
      await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 2000, interval: 10 });
      expect(warn.mock.calls[0]?.[0]).toMatchObject({ err: { code: '57P01' } });
      expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    });

    it('gives the connection back when BEGIN gets no answer (Drizzle would keep it for good)', async () => {
      // One connection: had the first transaction kept it, the second could never start.
      const { db, proxy } = await poolBehindProxy(1);
      await db.execute(sql`select 1`);
      proxy.silence();
      const err = await failure(db.transaction(async (tx) => tx.execute(sql`select 1`)));
      expect(isDatabaseUnavailable(err)).toBe(true);
      proxy.heal();
      const answer = await db.transaction(async (tx) => tx.execute(sql`select 2 as two`));
      expect(answer.rows).toEqual([{ two: 2 }]);
    });

    it('ends a connection whose query gets no answer mid-transaction: ROLLBACK fails at once, the pool replaces it', async () => {
      const { db, proxy } = await poolBehindProxy(1);
      const started = { at: 0 };
      const err = await failure(
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.silence();
          started.at = performance.now();
          await tx.execute(sql`select 2`);
        }),
      );
      const ms = performance.now() - started.at;
      expect(isDatabaseUnavailable(err)).toBe(true);
      // The query timeout, not twice that (a ROLLBACK queued behind the silent query).
      expect(ms).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + 400);
      proxy.heal();
      expect((await db.execute(sql`select 3 as three`)).rows).toEqual([{ three: 3 }]);
    });
  },
);
