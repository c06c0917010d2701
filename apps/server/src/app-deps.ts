import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Logger } from './lib/logger';
import type { Readiness } from './lib/readiness';
import type { ImageStorage } from './modules/images/images.storage';

/** What every module's routes and services are built from. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Where uploaded pictures are kept; local disk under `${config.dataDir}/images` when not given. */
  imageStorage?: ImageStorage;
  /**
   * Closed while start-up is still reaching and migrating the database: routes that need it
   * answer 503 meanwhile (app.ts). Absent: ready (tests, tools).
   */
  readiness?: Readiness;
  /** The clock for time-based rules (sign-in throttling); `() => new Date()` when not given. */
  now?: () => Date;
}
