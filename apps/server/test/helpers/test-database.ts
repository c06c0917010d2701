import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';

/**
 * The run's migrated PGlite data directory (global-setup.ts), read once per worker: the worker
 * keeps this module from one test file to the next (vitest.config.ts, isolate: false).
 */
let snapshot: Blob | undefined;
const migratedSnapshot = () => (snapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]));

/**
 * A clean, migrated database for one test file: PGlite in memory by default, or a fresh
 * PostgreSQL database cloned from the run's template when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    return openDatabase({ kind: 'pglite', loadDataDir: migratedSnapshot() });
  }
  const { url } = await createScratchDatabase();
  return openDatabase({ kind: 'postgres', url, poolSize: 20 });
}

/**
 * Fills the PGlite data folder `dataDir` (which must not hold a database yet) with the migrated,
 * empty database, as a first start would, without running initdb and the migrations again.
 */
export async function createPgliteDataDir(dataDir: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: migratedSnapshot() });
  await handle.close();
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, closing whatever connections are left. */
  drop(): Promise<void>;
}

/**
 * PostgreSQL only (TEST_DATABASE_URL): a fresh database of the run, a clone of the migrated
 * template, for tests that start the server on it themselves. Every database of the run is also
 * dropped at its end.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = scratchDatabaseName();
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate').template}"`);
  return scratchDatabase(name);
}

/** A name for a database of this run (dropped at its end), not created yet. */
export function scratchDatabaseName(): string {
  return `${inject('pgTemplate').runId}_${randomBytes(4).toString('hex')}`;
}

/** The ScratchDatabase of a name, whether or not it exists yet. */
export function scratchDatabase(name: string): ScratchDatabase {
  const url = new URL(inject('pgTemplate').url);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Runs one statement on TEST_DATABASE_URL's database (CREATE or DROP DATABASE...). */
export async function adminQuery(text: string, values?: unknown[]) {
  const admin = new pg.Client({ connectionString: inject('pgTemplate').url });
  await admin.connect();
  try {
    await admin.query(text, values);
  } finally {
    await admin.end();
  }
}
