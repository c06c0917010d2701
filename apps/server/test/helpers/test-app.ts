import { afterAll, beforeAll } from 'vitest';
import { createApp, type App } from '../../src/app';
import { type AppDeps, buildDeps } from '../../src/app-deps';
import type { DatabaseHandle } from '../../src/db/client';
import { createLogger } from '../../src/lib/logger';
import { answerChecker } from './answer-schemas';
import { createUser, type TestUser, type UserOverrides } from './factories';
import { testConfig } from './test-config';
import { testPasswordHasher } from './test-password';
import { createTestDatabase } from './test-database';

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
  // Tests read answers loosely: every JSON answer was already checked against its route's
  // published schema (answer-schemas.ts).
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
  const config = testConfig(env);
  const database = await createTestDatabase();
  const deps = buildDeps({
    config,
    database,
    logger: createLogger(config.logLevel),
    passwordHasher: testPasswordHasher,
    ...options,
  });
  const app = createApp(deps);

  const checkAnswer = answerChecker(app);
  const request = (p: string, init: RequestOptions = {}) =>
    send((url, req) => app.request(url, req), 'http://localhost:3000', p, init, checkAnswer);

  return {
    app,
    deps,
    database,
    request,
    close: async () => {
      await deps.mailer.stop();
      await deps.counters.close();
      await database.close();
    },
  };
}

/**
 * This test file's app (createTestContext), made before its first test and closed after its last:
 * `const ctx = useTestContext();` at the top of the file, in place of a `let` and two hooks. The
 * answer stands for the context from the first hook on (hooks registered after this call, such
 * as useUsers', run after it); outside a hook or test there is none yet. `env` may be a function,
 * for settings known only once an earlier hook ran (the address of a fake server).
 */
export function useTestContext(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: { now?: () => Date } = {},
): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(typeof env === 'function' ? env() : env, options);
  });
  afterAll(() => current?.close());
  const get = () => {
    if (!current) throw new Error('useTestContext: the context exists from the first hook on');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get deps() {
      return get().deps;
    },
    get database() {
      return get().database;
    },
    request: (p, init) => get().request(p, init),
    close: () => get().close(),
  };
}

/**
 * This test file's users, made in the order given once before its first test (after the app of
 * useTestContext): `const { owner, admin } = useUsers(ctx, { owner: { name: 'Olive Owner' },
 * admin: { role: 'admin' } });`. That hook fills each TestUser in place, so keep the objects
 * (destructure them at the top) and read their fields in tests and later hooks.
 */
export function useUsers<K extends string>(
  ctx: Pick<TestContext, 'database'>,
  specs: Record<K, UserOverrides>,
): Record<K, TestUser> {
  const keys = Object.keys(specs) as K[];
  const users = Object.fromEntries(keys.map((key) => [key, {}])) as Record<K, TestUser>;
  beforeAll(async () => {
    for (const key of keys)
      Object.assign(users[key], await createUser(ctx.database.db, specs[key]));
  });
  return users;
}

/** Anything that sends requests like TestContext.request (the app in-process, or a running server). */
export type Requester = Pick<TestContext, 'request'>;

type Fetch = (url: string, init: RequestInit) => Response | Promise<Response>;
type AnswerCheck = ReturnType<typeof answerChecker>;

/** Sends one request the way TestContext.request does and reads its answer. */
async function send(
  fetchFn: Fetch,
  base: string,
  p: string,
  init: RequestOptions & { signal?: AbortSignal },
  checkAnswer?: AnswerCheck,
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof init.json === 'string' ? init.json : JSON.stringify(init.json);
  }
  const method = init.method ?? (body !== undefined ? 'POST' : 'GET');
  const res = await fetchFn(`${base}${p}`, {
    method,
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
  checkAnswer?.(method, `${base}${p}`, res.status, res.headers.get('content-type'), parsed);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** TestContext.request's twin for an app made outside a test context (in this process). */
export function requestApp(app: App) {
  return (p: string, init: RequestOptions = {}) =>
    send((url, req) => app.request(url, req), 'http://localhost:3000', p, init);
}

/**
 * TestContext.request's twin for a server listening on a real socket (`baseUrl` such as
 * `http://127.0.0.1:41234`); `signal` may cut a request short.
 */
export function requestOver(baseUrl: string) {
  return (p: string, init: RequestOptions & { signal?: AbortSignal } = {}) =>
    send(fetch, baseUrl, p, init);
}
