import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePort, startAppProcess, waitForReady } from './app-process';
import { startGoogleMock } from './google-mock';
import {
  ADMIN_EMAIL,
  ARTIFACTS_DIR,
  BASE_URL_ENV,
  DATA_DIR_ENV,
  GOOGLE_ISSUER_ENV,
  REPO_ROOT,
} from './paths';

interface Stack {
  baseURL: string;
  dataDir: string;
  googleIssuerURL: string;
  stop(): Promise<void>;
}

/**
 * One mock Google (OpenID Connect) provider and one app (`node apps/server/dist/main.js`, serving a
 * copy of the build) on free loopback ports, with a fresh PGlite database in a temporary DATA_DIR.
 */
async function startStack(index: number, distDir: string): Promise<Stack> {
  const google = await startGoogleMock();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-e2e-'));
  // Serve a copy of the build, so a rebuild of apps/web/dist during the run cannot break it; its
  // server build (dist-server, the public pages rendered on the server) goes beside it likewise.
  const webDir = path.join(dataDir, 'web');
  cpSync(distDir, webDir, { recursive: true });
  if (existsSync(`${distDir}-server`)) {
    cpSync(`${distDir}-server`, `${webDir}-server`, { recursive: true });
  }
  const logFile = path.join(ARTIFACTS_DIR, `server-${index}.log`);
  const log = createWriteStream(logFile);

  const app = startAppProcess(
    {
      // Run like `npm start` does.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ADMIN_EMAILS: ADMIN_EMAIL,
      // Every spec signs users up and in from 127.0.0.1; keep the auth rate limit out of the way.
      AUTH_RATE_LIMIT_MAX: '10000',
      // Specs set up data fast (20 campaigns, each with a picture, for one user).
      IMAGE_UPLOAD_RATE_LIMIT_MAX: '10000',
      GOOGLE_CLIENT_ID: 'e2e-google-client',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_ISSUER_URL: google.issuerUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      WEB_DIST_DIR: webDir,
    },
    log,
  );

  const stop = async () => {
    await app.stop();
    await google.stop();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(`${baseURL}/api/ready`, app.child, logFile, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, dataDir, googleIssuerURL: google.issuerUrl, stop };
}

/**
 * Playwright's global setup: starts one stack (mock Google + app with its own fresh database) per
 * worker, so specs running at the same time in different workers never see each other's data,
 * and publishes the addresses to the workers through environment variables (see paths.ts).
 * Answers the teardown, which stops every stack and removes its data.
 */
export default async function globalSetup(config: FullConfig) {
  // E2E_WEB_DIST: test another build (e.g. `vite build --outDir /tmp/my-dist` while others rebuild).
  const distDir = path.resolve(process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'));
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      'apps/web/dist is missing: run `npm run build` (or `npm run test:e2e` from the root).',
    );
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });

  const started = await Promise.allSettled(
    Array.from({ length: Math.max(1, config.workers) }, (_, i) => startStack(i, distDir)),
  );
  const stacks = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(stacks.map((s) => s.stop()));
  };
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }

  for (const [i, stack] of stacks.entries()) {
    process.env[`${BASE_URL_ENV}${i}`] = stack.baseURL;
    process.env[`${GOOGLE_ISSUER_ENV}${i}`] = stack.googleIssuerURL;
    process.env[`${DATA_DIR_ENV}${i}`] = stack.dataDir;
  }
  return stopAll;
}
