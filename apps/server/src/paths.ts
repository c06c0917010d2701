import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server) and the repository's. This module sits one level
 * below apps/server both as source (src/paths.ts, run by tsx and Vitest) and as part of the built
 * server (dist/main.js, decision 025), so files found from here (migrations, .env, the web build)
 * are found from either. Modules deeper in src/ must not resolve paths from their own
 * `import.meta.url`: in the build every module's is dist/main.js.
 */
export const serverDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = path.resolve(serverDir, '../..');
