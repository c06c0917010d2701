/**
 * Admin command line.
 *
 *   npm run admin -- promote <email>
 *   npm run admin -- export <file>
 *   npm run admin -- import <file>
 *
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite database under DATA_DIR, default <repo>/data) and applies migrations, then:
 * - promote: makes the user with that e-mail an admin (recorded in the audit log with actor
 *   "cli"). Exits 1 when no user has that e-mail, or when its e-mail is not verified yet (anyone
 *   can sign up with any address).
 * - export: writes every row and every stored picture of the site to the file (site-transfer).
 * - import: reads such a file into this database and picture store, which must hold no row yet
 *   (exits 1, having written no row, when it refuses).
 * Exits 2 on a usage error.
 *
 * With the embedded database, stop the server first: PGlite allows one process at a time.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppDeps, buildDeps } from '../app-deps';
import { createMemoryCounters } from '../lib/shared-counters';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLogger, logsWritten } from '../lib/logger';
import { repoRoot } from '../paths';
import { promoteUserByEmail } from '../modules/users/users.service';
import {
  exportSite,
  importSite,
  TransferError,
  type TransferSummary,
} from './site-transfer.service';

const USAGE = [
  'Usage: npm run admin -- promote <email>',
  '       npm run admin -- export <file>',
  '       npm run admin -- import <file>',
].join('\n');

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * npm runs workspace scripts inside apps/server; a relative DATA_DIR means the directory npm was
 * started from (INIT_CWD), as it does for the root `npm start`.
 */
export function resolveEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const dataDir = env.DATA_DIR?.trim();
  if (dataDir && !path.isAbsolute(dataDir) && env.INIT_CWD) {
    return { ...env, DATA_DIR: path.resolve(env.INIT_CWD, dataDir) };
  }
  return env;
}

export async function runAdminCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = { out: console.log, err: console.error },
): Promise<number> {
  const [command, argument, ...rest] = args;
  if (!['promote', 'export', 'import'].includes(command ?? '') || !argument || rest.length > 0) {
    io.err(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(resolveEnv(env));
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 2;
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config.database, logger);
  try {
    await database.migrate();
    // the CLI counts nothing: memory counters, never a Redis connection to close
    const deps = buildDeps({
      config,
      database,
      logger,
      counters: createMemoryCounters(() => new Date()),
    });
    if (command === 'export') return await exportTo(deps, argument, io);
    if (command === 'import') return await importFrom(deps, argument, io);
    const outcome = await promoteUserByEmail(deps, { id: null, email: 'cli' }, argument);
    if (!outcome) {
      io.err(`No user has the e-mail ${argument}.`);
      return 1;
    }
    if ('unverified' in outcome) {
      io.err(
        `${outcome.user.email} has not verified the e-mail address yet, so it was not promoted: ` +
          'anyone can sign up with any address. Ask the person it belongs to to open the link ' +
          'mailed to them (without SMTP_URL, the .eml files in DATA_DIR/mail; signed in, ' +
          '"Send the link again" mails a new one) and then to set a new password through ' +
          '"Forgot password?", which signs out every other session; then promote again.',
      );
      return 1;
    }
    io.out(
      outcome.modifiedCount === 1
        ? `${outcome.user.email} is now an admin.`
        : `${outcome.user.email} already is an admin; nothing changed.`,
    );
    return 0;
  } finally {
    await database.close();
    await logsWritten(logger);
  }
}

const described = (summary: TransferSummary) => {
  const rows = summary.tables.reduce((sum, t) => sum + t.count, 0);
  return `${summary.tables.length} tables (${rows} rows) and ${summary.files} picture files`;
};

/** Writes the site to `file` (through `<file>.partial`, renamed once whole). */
async function exportTo(deps: AppDeps, file: string, io: CliIo): Promise<number> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  try {
    const summary = await exportSite(deps, async (line) => {
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    });
    out.end();
    await finished(out);
    await rename(partial, file);
    io.out(`Exported ${described(summary)} to ${file}.`);
    return 0;
  } catch (err) {
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

/** Reads the site in `file` into this (empty) database and picture store. */
async function importFrom(deps: AppDeps, file: string, io: CliIo): Promise<number> {
  if (!existsSync(file)) {
    io.err(`No such file: ${file}`);
    return 2;
  }
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  try {
    const summary = await importSite(deps, lines);
    io.out(`Imported ${described(summary)} from ${file}; every table's rows and checksum match.`);
    return 0;
  } catch (err) {
    if (err instanceof TransferError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    lines.close();
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // Like main.ts: <repo>/.env fills in variables the environment does not set.
  const envFile = path.join(repoRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  runAdminCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
