import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { type AppDeps, buildDeps } from './app-deps';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { waitForDatabase } from './db/wait-for-database';
import { seedDemoDataIfEmpty } from './demo/demo-data';
import { loadPlacesIfEmpty } from './modules/places/places.loader';
import { settleRequestsLeftOpen } from './modules/adoption-requests/adoption-requests.service';
import { isDatabaseUnavailable } from './lib/errors';
import { closeServer, type HttpServer, listen } from './lib/http-server';
import type { Logger } from './lib/logger';
import { createReadiness } from './lib/readiness';
import {
  notifyEndedCampaigns,
  notifyGoalsReached,
} from './modules/campaigns/campaign-updates.service';
import { sweepUnusedImages } from './modules/images/images.service';
import { sendSavedSearchAlerts } from './modules/saved-searches/saved-search-alerts.service';

export interface RunningServer {
  /** `http://<host>:<port>` the server listens on (the real port when PORT=0). */
  url: string;
  deps: AppDeps;
  /**
   * Settles when start-up has prepared the database: resolves once it is reached and migrated
   * (then /api/ready answers 200), rejects when it gave up (DatabaseStartupError, a failed
   * migration) or was stopped.
   */
  ready: Promise<void>;
  /**
   * Drains (/api/ready answers 503 for SHUTDOWN_DRAIN_SECONDS while requests are still served),
   * then stops accepting requests, lets open ones finish, stops the jobs, closes the database.
   */
  close(): Promise<void>;
}

/**
 * Opens the database, listens at once, then prepares the database in the background: waits for it
 * (with back-off, up to DATABASE_STARTUP_WAIT_SECONDS), applies the migrations, adds the demo
 * data, and only then lets requests that need it through. Throws only when the embedded database
 * cannot be opened or the port cannot be listened on.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase(config.database, logger);
  const readiness = createReadiness();
  const deps = buildDeps({ config, database, logger, readiness });
  const app = createApp(deps);

  let server: HttpServer;
  try {
    server = await listen(app.fetch, { port: config.port, host: config.host });
  } catch (err) {
    await database.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, `Pet Haven is listening on ${config.publicUrl}`);

  const stopping = new AbortController();
  let sweepTimer: NodeJS.Timeout | undefined;
  let campaignTimer: NodeJS.Timeout | undefined;
  let alertTimer: NodeJS.Timeout | undefined;
  const label = databaseLabel(config);

  const ready = (async () => {
    const since = Date.now();
    const deadline = since + config.databaseStartupWaitSeconds * 1000;
    for (;;) {
      await waitForDatabase(() => database.ping(), {
        waitSeconds: config.databaseStartupWaitSeconds,
        since,
        logger,
        label,
        signal: stopping.signal,
      });
      try {
        await database.migrate();
        break;
      } catch (err) {
        // Lost again between the ping and the migrations: wait for it again.
        if (!isDatabaseUnavailable(err) || Date.now() >= deadline) throw err;
        logger.warn({ database: label, err }, 'Database lost during migrations; waiting again');
      }
    }
    logger.info({ database: database.kind }, 'Migrations applied');
    stopping.signal.throwIfAborted();
    // the gazetteer of distance search, at first start (a few seconds, once per database), on a
    // connection without the request timeouts: a process starting beside another waits for its load
    await database.maintenance((db) => loadPlacesIfEmpty(db, logger));
    // requests left open on pets adopted before the adoption statuses of migration 0014
    await settleRequestsLeftOpen(deps);
    if (config.demoData) {
      try {
        await seedDemoDataIfEmpty(deps);
      } catch (err) {
        logger.error({ err }, 'Demo data could not be added');
      }
    }
    readiness.markReady();
    logger.info({ database: label }, 'Ready');
    if (deps.mailer.delivery === 'files') {
      const where = `${config.dataDir}/mail`;
      if (config.env === 'production') {
        logger.warn(
          { folder: where },
          'SMTP_URL is not set: mail is not sent, only written to files',
        );
      } else {
        logger.info({ folder: where }, 'Mail is written to files (set SMTP_URL to send it)');
      }
    }
    deps.mailer.start();
    // Pictures nothing uses any more (and uploads never attached) are deleted after the grace period.
    let sweeping = false;
    const sweep = async () => {
      // one sweep at a time in this process (one at a time among processes: an advisory lock)
      if (sweeping) return;
      sweeping = true;
      await sweepUnusedImages(deps)
        .catch((err) => logger.warn({ err }, 'Image sweep failed'))
        .finally(() => (sweeping = false));
    };
    void sweep();
    sweepTimer = setInterval(sweep, config.imageSweepIntervalSeconds * 1000).unref();
    // Organisers are told when their campaign's last date passes (once, by whichever process),
    // and when it reached its maximum if the process that recorded the last donation stopped first.
    const campaignJob = async () => {
      await notifyGoalsReached(deps).catch((err) => logger.warn({ err }, 'Goal notice job failed'));
      await notifyEndedCampaigns(deps).catch((err) =>
        logger.warn({ err }, 'Campaign-end job failed'),
      );
    };
    void campaignJob();
    campaignTimer = setInterval(campaignJob, 10 * 60_000).unref();
    // Saved searches' owners are told of new matching pets (once a day per search at most).
    const petAlerts = () =>
      sendSavedSearchAlerts(deps).catch((err) => logger.warn({ err }, 'Pet alert job failed'));
    void petAlerts();
    alertTimer = setInterval(petAlerts, 10 * 60_000).unref();
  })();
  // The caller decides what a failed start-up means; nothing here is left unhandled.
  ready.catch(() => undefined);

  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    deps,
    ready,
    async close() {
      if (config.shutdownDrainSeconds > 0 && readiness.ready) {
        readiness.startDraining();
        logger.info(
          { seconds: config.shutdownDrainSeconds },
          'Draining: /api/ready answers 503 before the server closes',
        );
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
      }
      stopping.abort(new Error('The server is stopping.'));
      await closeServer(server);
      await ready.catch(() => undefined);
      clearInterval(sweepTimer);
      clearInterval(campaignTimer);
      clearInterval(alertTimer);
      await deps.mailer.stop();
      await deps.counters.close();
      await database.close();
    },
  };
}

/** The database as logs may name it: host, port and name, never the password. */
function databaseLabel(config: Config): string {
  if (config.database.kind === 'pglite') return `PGlite at ${config.database.dataDir}`;
  const url = new URL(config.database.url);
  return `${url.host}${url.pathname}`;
}
