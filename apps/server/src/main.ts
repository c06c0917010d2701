import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DatabaseStartupError } from './db/client';
import { createLogger, type Logger, logsWritten } from './lib/logger';
import { repoRoot } from './paths';
import { type RunningServer, startServer } from './server';

/** `<repo>/.env`, when present, fills in variables the environment does not set (see .env.example). */
const envFile = path.join(repoRoot, '.env');

async function main() {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const args = new Set(process.argv.slice(2));
  let config;
  try {
    config = loadConfig(
      args.has('--no-demo') ? { ...process.env, DEMO_DATA: 'false' } : process.env,
    );
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);

  // Listens at once; the database is reached (with retries) and migrated in the background.
  let server: RunningServer;
  try {
    server = await startServer(config, logger);
  } catch (err) {
    return fail(logger, err);
  }

  let stopping = false;
  server.ready.catch((err) => {
    if (!stopping) void fail(logger, err);
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    // draining, then 10 s for open requests and the jobs to finish
    const force = setTimeout(() => process.exit(1), (config.shutdownDrainSeconds + 10) * 1000);
    force.unref();
    server.close().then(
      async () => {
        logger.info('Stopped');
        await logsWritten(logger);
        process.exit(0);
      },
      (err) => fail(logger, err),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * Start-up failures we can explain are one line; anything else keeps its stack. The process ends
 * once the line is written.
 */
async function fail(logger: Logger, err: unknown): Promise<never> {
  if (err instanceof DatabaseStartupError) logger.fatal(err.message);
  else logger.fatal({ err }, 'Start-up failed');
  await logsWritten(logger);
  process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
