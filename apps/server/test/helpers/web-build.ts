import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A copy of the built web app with its server build (`npm run build`: apps/web/dist and
 * apps/web/dist-server; TEST_WEB_DIST names another client build, its server build beside it),
 * for the tests of pages rendered on the server. A copy, so a rebuild during the run does no harm.
 *
 * `npm test` builds before the unit tests. Without a build these tests are skipped with the
 * reason printed, except under CI, where a missing build fails the run.
 */
export function copyOfWebBuild(): string | null {
  const dist = path.resolve(process.env.TEST_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
  const missing = [path.join(dist, 'index.html'), path.join(`${dist}-server`, 'entry-server.js')]
    .filter((f) => !existsSync(f))
    .join(', ');
  if (missing) {
    const reason = `No web build (${missing}): run \`npm run build\` first.`;
    if (process.env.CI) throw new Error(reason);
    console.warn(`Skipping the server-rendered page tests. ${reason}`);
    return null;
  }
  const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'pet-haven-web-')), 'dist');
  cpSync(dist, copy, { recursive: true });
  cpSync(`${dist}-server`, `${copy}-server`, { recursive: true });
  return copy;
}
