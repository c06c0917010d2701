/**
 * Admin command line.
 *
 *   npm run admin -- promote <email>
 *
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite database under DATA_DIR, default <repo>/data), applies migrations, and makes the user
 * with that e-mail an admin (recorded in the audit log with actor "cli"). Exits 1 when no user
 * has that e-mail, 2 on a usage error.
 *
 * With the embedded database, stop the server first: PGlite allows one process at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDeps } from '../app-deps';
import { createMemoryCounters } from '../lib/shared-counters';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLogger } from '../lib/logger';
import { repoRoot } from '../paths';
import { promoteUserByEmail } from '../modules/users/users.service';

const USAGE = 'Usage: npm run admin -- promote <email>';

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
  const [command, email, ...rest] = args;
  if (command !== 'promote' || !email || rest.length > 0) {
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
    const outcome = await promoteUserByEmail(deps, { id: null, email: 'cli' }, email);
    if (!outcome) {
      io.err(`No user has the e-mail ${email}.`);
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
