import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { AppDeps } from './app-deps';
import { createAuth } from './auth/better-auth';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoDataIfEmpty } from './demo/demo-data';
import { createLogger } from './lib/logger';
import { sweepUnusedImages } from './modules/images/images.service';

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

  const deps: AppDeps = { config, database, logger };
  const auth = createAuth(deps);
  if (config.demoData) {
    try {
      await seedDemoDataIfEmpty(deps, auth);
    } catch (err) {
      logger.error({ err }, 'Demo data could not be added');
    }
  }
  const app = createApp(deps, auth);
  // Pictures nothing uses any more (and uploads never attached) are deleted after the grace period.
  const sweep = () =>
    sweepUnusedImages(deps).catch((err) => logger.warn({ err }, 'Image sweep failed'));
  void sweep();
  setInterval(sweep, 15 * 60_000).unref();
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
