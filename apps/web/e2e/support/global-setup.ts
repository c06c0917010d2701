import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startGoogleMock } from './google-mock';
import { ADMIN_EMAIL, ARTIFACTS_DIR, BASE_URL_ENV, GOOGLE_ISSUER_ENV, REPO_ROOT } from './paths';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls the app's readiness URL (bounded), failing at once if the server process exits. */
async function waitForReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}; see ${logFile}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server was not ready after ${timeoutMs} ms (${lastError}); see ${logFile}`);
}

interface Stack {
  baseURL: string;
  googleIssuerURL: string;
  stop(): Promise<void>;
}

/**
 * One mock Google (OpenID Connect) provider and one app (`tsx apps/server/src/main.ts`, serving a
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

  const env: NodeJS.ProcessEnv = {
    ...process.env,
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
  };
  // Empty, not deleted: a developer's .env must not fill them in (empty means unset).
  for (const k of [
    'DATABASE_URL',
    'AUTH_SECRET',
    'GITHUB_CLIENT_ID',
    'GITHUB_CLIENT_SECRET',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_URL',
  ]) {
    env[k] = '';
  }

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await google.stop();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(`${baseURL}/api/ready`, child, logFile, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, googleIssuerURL: google.issuerUrl, stop };
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
  }
  return stopAll;
}
