import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Logger } from './lib/logger';

/** What every module's routes and services are built from. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
}
