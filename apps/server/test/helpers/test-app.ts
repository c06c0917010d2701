import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../../src/app';
import type { AppDeps } from '../../src/app-deps';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { createLogger } from '../../src/lib/logger';
import { createTestDatabase } from './test-database';

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestContext {
  app: App;
  deps: AppDeps;
  database: DatabaseHandle;
  /** Calls the app over its HTTP interface (no socket), like a client would. */
  request(path: string, init?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  method?: string;
  token?: string;
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // Tests read answers loosely; the schemas are checked by the server itself.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/**
 * A fresh app on a fresh database for one test file. `env` overrides configuration; `now` is the
 * app's clock for time-based rules (sign-in throttling), for tests that move time on.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    // Tests upload many pictures per user; the limit's own tests set it.
    IMAGE_UPLOAD_RATE_LIMIT_MAX: '10000',
    ...env,
  });
  const database = await createTestDatabase();
  const deps: AppDeps = {
    config,
    database,
    logger: createLogger(config.logLevel),
    ...(options.now ? { now: options.now } : {}),
  };
  const app = createApp(deps);

  const request = (p: string, init: RequestOptions = {}) =>
    send((url, req) => app.request(url, req), 'http://localhost:3000', p, init);

  return {
    app,
    deps,
    database,
    request,
    close: () => database.close(),
  };
}

type Fetch = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Sends one request the way TestContext.request does and reads its answer. */
async function send(
  fetchFn: Fetch,
  base: string,
  p: string,
  init: RequestOptions & { signal?: AbortSignal },
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof init.json === 'string' ? init.json : JSON.stringify(init.json);
  }
  const res = await fetchFn(`${base}${p}`, {
    method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
    headers,
    body,
    signal: init.signal,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/**
 * TestContext.request's twin for a server listening on a real socket (`baseUrl` such as
 * `http://127.0.0.1:41234`); `signal` may cut a request short.
 */
export function requestOver(baseUrl: string) {
  return (p: string, init: RequestOptions & { signal?: AbortSignal } = {}) =>
    send(fetch, baseUrl, p, init);
}
