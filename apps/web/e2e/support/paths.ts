import { fileURLToPath } from 'node:url';

/** The repository root (four levels above this file). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The server logs, the HTML report and Playwright's per-test output (traces, screenshots of
 * failing tests) land here (gitignored).
 */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** The e2e server runs with ADMIN_EMAILS set to this address: whoever registers with it is an admin. */
export const ADMIN_EMAIL = 'admin@e2e.test';

/**
 * global-setup.ts starts one app (and one mock Google) per Playwright worker, so workers never
 * share a database, and publishes their addresses in these environment variables, suffixed with
 * the worker's parallel index (E2E_BASE_URL_0, E2E_BASE_URL_1...). Worker processes inherit them.
 */
export const BASE_URL_ENV = 'E2E_BASE_URL_';
export const GOOGLE_ISSUER_ENV = 'E2E_GOOGLE_ISSUER_URL_';
export const DATA_DIR_ENV = 'E2E_DATA_DIR_';

function stackValue(prefix: string) {
  // Playwright sets TEST_PARALLEL_INDEX in each worker: 0..workers-1, reused by a restarted worker.
  const name = `${prefix}${process.env.TEST_PARALLEL_INDEX ?? '0'}`;
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the browser tests with \`npx playwright test\`.`);
  }
  return value;
}

/** Origin of the app this worker tests, e.g. http://127.0.0.1:41234 (no trailing slash). */
export const appOrigin = () => stackValue(BASE_URL_ENV);

/** Issuer URL of this worker's mock Google provider. */
export const googleIssuerURL = () => stackValue(GOOGLE_ISSUER_ENV);

/** DATA_DIR of the app this worker tests: its mail is written under mail/ there (no SMTP_URL). */
export const appDataDir = () => stackValue(DATA_DIR_ENV);
