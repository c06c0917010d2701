import {
  accessSync,
  constants as fsConstants,
  mkdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from '../lib/logger';
import { serverDir } from '../paths';
import { createMaintenancePool, createPgPool } from './pg-pool';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the code above the driver sees, whether PGlite or PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Database is expected. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

const migrationsFolder = path.join(serverDir, 'drizzle');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations; a second run changes nothing. */
  migrate(): Promise<void>;
  /** Answers when the database accepts a query. */
  ping(): Promise<void>;
  /**
   * Runs long work (bulk loads in benchmarks) on a connection of its own, without the statement
   * and query timeouts that keep requests short. PGlite: on the same database.
   */
  maintenance<T>(work: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * The database could not be opened or reached at start-up. The message is one line for the
 * operator (what and where, and what to do), shown without a stack trace.
 */
export class DatabaseStartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartupError';
  }
}

/**
 * Opens the database. PostgreSQL: a pool that connects lazily (nothing is tried here; see
 * pg-pool.ts for its timeouts and outage handling); `logger` receives its connection errors.
 * PGlite: opens (or creates) the data folder now, locked against a second process; a folder in use,
 * not writable or on a full disk throws a DatabaseStartupError.
 */
export async function openDatabase(
  options: DatabaseOptions,
  logger?: Logger,
): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = createPgPool(options.url, options.poolSize ?? 10, logger);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    const maintenance = async <T>(work: (db: NodePgDatabase<Schema>) => Promise<T>) => {
      const own = createMaintenancePool(options.url, logger);
      try {
        return await work(drizzlePg(own, { schema, casing: 'snake_case' }));
      } finally {
        await own.end();
      }
    };
    return {
      db,
      kind: 'postgres',
      // Without the request timeouts: a migration may take long.
      // Processes starting together take turns (a session lock on the one maintenance connection):
      // the first applies the migrations, the others then find nothing left to apply.
      migrate: () =>
        maintenance(async (own) => {
          await own.execute(sql`select pg_advisory_lock(hashtext('pet-haven:migrations'))`);
          try {
            await migratePg(own, { migrationsFolder });
          } finally {
            await own.execute(sql`select pg_advisory_unlock(hashtext('pet-haven:migrations'))`);
          }
        }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      maintenance: (work) => maintenance((own) => work(own as unknown as Database)),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm, cube, earthdistance },
      loadDataDir: options.loadDataDir,
    });
  } catch (err) {
    lock?.release();
    throw dataDir ? cannotOpen(dataDir, diagnose(dataDir, err)) : err;
  }
  const writes = countWrites(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  embeddedWrites.set(db, writes);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    maintenance: (work) => work(db),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** How many writes an embedded database has seen: reads kept in memory are good until it moves. */
interface WriteCount {
  generation: number;
}

// eslint-disable-next-line no-restricted-syntax -- keyed by the database handle, which owns them
const embeddedWrites = new WeakMap<Database, WriteCount>();

/**
 * The write generation of `db` when it is an embedded database (PGlite): it moves before every
 * statement that does not start with SELECT (a SELECT that writes, calling a function that writes,
 * starts with a `/* writes *\/` comment) and around every transaction, so a read made under one
 * generation is exact as long as the generation has not moved (decision 030). Undefined for
 * PostgreSQL, where other processes write too.
 */
export const embeddedWriteGeneration = (db: Database): number | undefined =>
  embeddedWrites.get(db)?.generation;

/**
 * Counts the writes through `client` (its only user: the data folder is locked to this process).
 * PGlite runs one statement at a time in call order, so a read asked for after a write's count
 * moved runs after that write; a transaction moves it when it starts and again once it ended.
 */
function countWrites(client: PGlite): WriteCount {
  const writes = { generation: 0 };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    if (!/^\s*select\b/i.test(text)) writes.generation += 1;
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.query;
  client.exec = ((...args: Parameters<typeof client.exec>) => {
    writes.generation += 1;
    return exec(...args);
  }) as typeof client.exec;
  client.transaction = (async (...args: Parameters<typeof client.transaction>) => {
    writes.generation += 1;
    try {
      return await transaction(...args);
    } finally {
      writes.generation += 1;
    }
  }) as typeof client.transaction;
  return writes;
}

const cannotOpen = (dataDir: string, reason: string) =>
  new DatabaseStartupError(`Cannot open the embedded database in ${dataDir}: ${reason}`);

/**
 * Data folders this process has open (a second open would corrupt them just the same). Process
 * state by nature, like the lock files it mirrors: not a dependency, so not in AppDeps.
 */
// eslint-disable-next-line no-restricted-syntax -- one process, one set of open folders
const openDataDirs = new Set<string>();

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt it. A lock file
 * beside it (`<folder>.lock`, holding the owner's pid) refuses a second opener while the first
 * is alive; a lock left by a process that ended is taken over.
 */
function lockDataDir(dataDir: string): { release(): void } {
  const file = `${dataDir}.lock`;
  const inUse = (pid: number) =>
    cannotOpen(
      dataDir,
      `another process (pid ${pid}) is using it. Stop that process first (only one process can ` +
        'open the embedded database), or set DATABASE_URL to use PostgreSQL.',
    );
  if (openDataDirs.has(dataDir)) throw inUse(process.pid);
  try {
    mkdirSync(dataDir, { recursive: true });
    for (;;) {
      try {
        writeFileSync(file, String(process.pid), { flag: 'wx' });
        break;
      } catch (err) {
        if (errorCode(err) !== 'EEXIST') throw err;
        const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
        if (owner > 0 && owner !== process.pid && isAlive(owner)) throw inUse(owner);
        rmSync(file, { force: true });
      }
    }
  } catch (err) {
    if (err instanceof DatabaseStartupError) throw err;
    throw cannotOpen(dataDir, diagnose(dataDir, err));
  }
  openDataDirs.add(dataDir);
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      openDataDirs.delete(dataDir);
      rmSync(file, { force: true });
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}

const errorCode = (err: unknown) =>
  err && typeof err === 'object' && 'code' in err ? String(err.code) : undefined;

/** Below this much free space PGlite cannot start (it aborts without saying why). */
const LOW_DISK_BYTES = 64 * 1024 * 1024;

/** Why the folder could not be opened, in words, for errors that rarely say it themselves. */
function diagnose(dataDir: string, err: unknown): string {
  const code = errorCode(err);
  const existing = nearestExisting(dataDir);
  if (code === 'ENOSPC' || freeBytes(existing) < LOW_DISK_BYTES) {
    const mb = Math.floor(freeBytes(existing) / (1024 * 1024));
    return `the disk is full (${mb} MB free). Free some space and start again.`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || !writable(existing)) {
    return (
      `the folder is not writable${code ? ` (${code})` : ''}. Check its owner and permissions, ` +
      'or set DATA_DIR to a writable folder.'
    );
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return 'a file is in the way of the folder. Set DATA_DIR to a folder.';
  }
  const message = err instanceof Error && err.message ? err.message : String(err);
  return `${message.split('\n')[0]} (is it a database folder of this PGlite version?)`;
}

function nearestExisting(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      statfsSync(d);
      return d;
    } catch {
      if (path.dirname(d) === d) return d;
    }
  }
}

function freeBytes(dir: string): number {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}
