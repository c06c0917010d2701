import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './lib/logger';

/** `<repo>/.env`, when present, fills in variables the environment does not set (see .env.example). */
const envFile = fileURLToPath(new URL('../../../.env', import.meta.url));

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
  const database = await openDatabase(config.database);
  await database.migrate();
  logger.info({ database: database.kind }, 'Migrations applied');

  const app = createApp({ config, database, logger });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port }, `Pet Haven is listening on ${config.publicUrl}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await database.close();
      logger.info('Stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
