import path from 'node:path';
import {
  type Auth,
  betterAuthPasswordHasher,
  createAuth,
  type PasswordHasher,
} from './auth/better-auth';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Logger } from './lib/logger';
import { alwaysReady, type Readiness } from './lib/readiness';
import {
  createMemoryCounters,
  createRedisCounters,
  type SharedCounters,
} from './lib/shared-counters';
import type { WorkQueue } from './lib/work-queue';
import { createImageProcessingQueue } from './modules/images/images.service';
import {
  type ImageStorage,
  LocalDiskImageStorage,
  S3ImageStorage,
} from './modules/images/images.storage';
import { createMailer, type Mailer } from './modules/mail/mail-outbox.service';
import type { PaymentProvider } from './modules/payments/payments.provider';
import { createPaymentProvider } from './modules/payments/payments.service';

/**
 * Everything the routes and services are built from (decision 019): made once per process by
 * `buildDeps` (server.ts, test/helpers/test-app.ts, cli/admin.ts, the benchmarks), then handed to
 * `createApp(deps)` and from there to every `createXRoutes(deps)`. A service takes it (or a
 * `Pick<AppDeps, ...>` of it) as its first parameter; a repository takes `db: DbOrTx` instead.
 * Every field is set: defaults are chosen in `buildDeps` and nowhere else.
 */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /**
   * Closed while start-up is still reaching and migrating the database: routes that need it
   * answer 503 meanwhile (app.ts). Default: ready (tests, tools).
   */
  readiness: Readiness;
  /** The clock for time-based rules (sign-in throttling). Default: `() => new Date()`. */
  now: () => Date;
  /**
   * Counters every process must agree on (per-address limits): Redis when REDIS_URL is set, with
   * this process's memory answering while Redis does not; otherwise memory. Closed by its owner
   * (server.ts, the test context).
   */
  counters: SharedCounters;
  /** Where uploaded pictures are kept. Default: local disk under `${config.dataDir}/images`. */
  imageStorage: ImageStorage;
  /**
   * The one line of image decoding: IMAGE_CONCURRENCY pictures at a time, IMAGE_QUEUE_MAX more
   * waiting, further uploads answer 503 (images.service.ts).
   */
  imageQueue: WorkQueue;
  /** Card payments: Stripe when its keys are configured, otherwise the built-in test provider. */
  paymentProvider: PaymentProvider;
  /**
   * How account passwords are hashed and checked. Default: Better Auth's own scrypt. Only the
   * server tests give a cheaper one (test/helpers/test-password.ts), so that the hundreds of
   * sign-ups and sign-ins they make do not spend their time hashing.
   */
  passwordHasher: PasswordHasher;
  /**
   * Mail: the outbox every message is written to, and this process's worker that delivers it
   * (SMTP_URL, or .eml files under DATA_DIR/mail). server.ts starts the worker; tests call
   * `deliverDue()` themselves.
   */
  mailer: Mailer;
  /** Better Auth (accounts, the session cookie, /api/auth/*), built from the fields above. */
  auth: Auth;
}

/**
 * What a process hands `buildDeps`: the configuration, the opened database and the logger, and
 * any other part it wants to replace (a test's clock or storage, server.ts's readiness gate).
 */
export type DepsInput = Pick<AppDeps, 'config' | 'database' | 'logger'> &
  Partial<Omit<AppDeps, 'config' | 'database' | 'logger'>>;

/** The process's one AppDeps: every part not given is made here, once. */
export function buildDeps(input: DepsInput): AppDeps {
  const { config, database, logger } = input;
  const now = input.now ?? (() => new Date());
  const parts = {
    config,
    database,
    logger,
    readiness: input.readiness ?? alwaysReady,
    now,
    counters:
      input.counters ??
      (config.redis
        ? createRedisCounters(config.redis, logger, createMemoryCounters(now))
        : createMemoryCounters(now)),
    imageStorage:
      input.imageStorage ??
      (config.s3
        ? new S3ImageStorage(config.s3)
        : new LocalDiskImageStorage(path.join(config.dataDir, 'images'))),
    imageQueue: input.imageQueue ?? createImageProcessingQueue({ config }),
    paymentProvider: input.paymentProvider ?? createPaymentProvider({ config, database }),
    passwordHasher: input.passwordHasher ?? betterAuthPasswordHasher,
    mailer: input.mailer ?? createMailer({ config, database, logger, now }),
  };
  return { ...parts, auth: input.auth ?? createAuth(parts) };
}
