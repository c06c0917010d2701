import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startGoogleMock } from './google-mock';
import { ADMIN_EMAIL, ARTIFACTS_DIR, REPO_ROOT } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running app, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /** Issuer URL of the mock Google provider. */
    googleIssuerURL: string;
  }
}

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

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The server exited with code ${child.exitCode}; see ${ARTIFACTS_DIR}/server.log`,
      );
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
  throw new Error(`The server was not ready after ${timeoutMs} ms (${lastError})`);
}

/**
 * Starts, once for the whole e2e run: a mock Google (OpenID Connect) provider and the real app
 * (`tsx apps/server/src/main.ts`, serving the built apps/web/dist) on free loopback ports, with a
 * fresh PGlite database in a temporary DATA_DIR. Stops both and removes the data afterwards.
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIST: test another build (e.g. `vite build --outDir /tmp/my-dist` while others rebuild).
  const distDir = path.resolve(process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'));
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      'apps/web/dist is missing: run `npm run build` (or `npm run test:e2e` from the root).',
    );
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });

  const google = await startGoogleMock();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-e2e-'));
  // Serve a copy of the build, so a rebuild of apps/web/dist during the run cannot break it.
  const webDir = path.join(dataDir, 'web');
  cpSync(distDir, webDir, { recursive: true });
  const log = createWriteStream(path.join(ARTIFACTS_DIR, 'server.log'));

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Run like `npm start` does (vitest sets NODE_ENV=test in its own process).
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    ADMIN_EMAILS: ADMIN_EMAIL,
    // Every spec signs users up and in from 127.0.0.1; keep the auth rate limit out of the way.
    AUTH_RATE_LIMIT_MAX: '10000',
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
    await waitForReady(`${baseURL}/api/ready`, child, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }

  project.provide('baseURL', baseURL);
  project.provide('googleIssuerURL', google.issuerUrl);
  return stop;
}
