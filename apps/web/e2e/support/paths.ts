import { fileURLToPath } from 'node:url';

/** The repository root (four levels above this file). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Failure screenshots and the server log land here (gitignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** The e2e server runs with ADMIN_EMAILS set to this address: whoever registers with it is an admin. */
export const ADMIN_EMAIL = 'admin@e2e.test';

/** Debian's Chromium; override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
