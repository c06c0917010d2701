import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../src/app';
import { buildDeps } from '../src/app-deps';
import type { Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { createLogger } from '../src/lib/logger';
import { loadPlacesIfEmpty } from '../src/modules/places/places.loader';

/** The database a benchmark fills: PostgreSQL at `url` (a pool of 10), or PGlite in memory. */
export const openBenchDatabase = (url?: string): Promise<DatabaseHandle> =>
  url ? openDatabase({ kind: 'postgres', url, poolSize: 10 }) : openDatabase({ kind: 'pglite' });

/**
 * The gazetteer of distance search loaded and vacuumed before the app starts, as on a site that
 * started before: a first start's load (and autovacuum reading it afterwards) is `bench:pages`'
 * to measure, not a list's or a donation's (decision 054).
 */
export async function loadGazetteer(database: DatabaseHandle) {
  await database.maintenance(async (db) => {
    await loadPlacesIfEmpty(db);
    await db.execute(sql.raw('vacuum analyze places'));
  });
}

/** The app on `database`, listening on a free loopback port, as the server runs it. */
export async function serveApp(config: Config, database: DatabaseHandle) {
  const deps = buildDeps({ config, database, logger: createLogger('silent') });
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    deps,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Runs `run` on a scratch database created on the server of `url` (DATABASE_URL) and dropped
 * afterwards, connections and all, so a benchmark never touches the data already there.
 */
export async function onScratchDatabase(url: string, run: (scratchUrl: string) => Promise<void>) {
  const name = `pethaven_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    await run(scratch.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
