import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { resetThemeStore } from '@/hooks/use-theme';
import { createQueryClient } from '@/lib/query-client';

/**
 * Route tests: the real router, the real providers, the real API client; only `fetch` is replaced
 * by a map of handlers keyed by "METHOD /path" (path segments like `:id` match anything):
 *
 *   const r = renderRoute('/petlist', { handlers: { ...signedIn(), 'GET /api/pets': () => [pet] } });
 *   await r.findByRole('heading', { name: 'Pets' });
 *   expect(r.requests.map((q) => q.key)).toContain('GET /api/pets');
 */

export interface StubRequest {
  /** "GET /api/pets" */
  key: string;
  method: string;
  url: URL;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The raw body text ('' when none); `json` parses it. */
  text: string;
  json: <T = unknown>() => T;
}

/** Return a Response, or any value to answer it as JSON with 200 (undefined answers 204). */
export type StubHandler = (req: StubRequest) => unknown;
export type StubHandlers = Record<string, StubHandler>;

export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** An API error answer in the server's shape. */
export function apiError(status: number, code: string, message = code) {
  return json({ code, message }, { status });
}

export interface FakeUser {
  id: string;
  name: string;
  email: string;
  photoURL: string | null;
  admin: boolean;
}

export const defaultFakeUser: FakeUser = {
  id: 'user-1',
  name: 'Test User',
  email: 'test.user@example.com',
  photoURL: null,
  admin: false,
};

/** The Better Auth get-session answer for a user (what /api/auth/get-session returns). */
export function sessionAnswer(user: FakeUser) {
  const now = new Date();
  return {
    session: {
      id: `session-${user.id}`,
      userId: user.id,
      token: 'session-token',
      expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    },
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: false,
      image: user.photoURL,
      role: user.admin ? 'admin' : 'user',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    },
  };
}

/** A token answer of POST /api/jwt, valid 15 minutes from now. */
export function tokenAnswer(email: string, now = Date.now()) {
  const exp = Math.floor(now / 1000) + 15 * 60;
  const payload = btoa(JSON.stringify({ sub: 'user', email, exp })).replace(/=+$/, '');
  return { token: `header.${payload}.signature`, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * Handlers that make the app see a signed-in user: the Better Auth session, POST /api/jwt and the
 * admin check. Spread them into `handlers`; later keys override.
 */
export function signedIn(overrides: Partial<FakeUser> = {}): StubHandlers {
  const user = { ...defaultFakeUser, ...overrides };
  return {
    'GET /api/auth/get-session': () => sessionAnswer(user),
    'POST /api/jwt': () => tokenAnswer(user.email),
    'GET /api/users/admin/:email': (req) => ({
      admin: user.admin && decodeURIComponent(req.params.email ?? '') === user.email,
    }),
    'POST /api/auth/sign-out': () => ({ success: true }),
  };
}

/** Handlers every render gets unless overridden: signed out, no social providers configured. */
export const baseHandlers: StubHandlers = {
  'GET /api/auth/get-session': () => null,
  'GET /api/config': () => ({
    providers: { google: false, github: false },
    payments: { provider: 'test', publishableKey: null },
  }),
  'POST /api/auth/sign-out': () => ({ success: true }),
};

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] ?? '';
    const actual = s[i] ?? '';
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(actual);
    else if (seg !== actual) return null;
  }
  return params;
}

function findHandler(handlers: StubHandlers, method: string, path: string) {
  // exact keys first, then patterns; later-defined keys win over earlier ones
  const entries = Object.entries(handlers).reverse();
  for (const [key, handler] of entries) {
    if (key === `${method} ${path}`) return { handler, params: {} };
  }
  for (const [key, handler] of entries) {
    const space = key.indexOf(' ');
    if (key.slice(0, space) !== method) continue;
    const params = matchPattern(key.slice(space + 1), path);
    if (params) return { handler, params };
  }
  return null;
}

async function toResponse(value: unknown): Promise<Response> {
  const v = await value;
  if (v instanceof Response) return v;
  if (v === undefined) return new Response(null, { status: 204 });
  return json(v);
}

export interface RenderRouteOptions {
  handlers?: StubHandlers;
  /** `location.state` of the first entry (e.g. `{ from: ... }`). */
  state?: unknown;
  /** Keep TanStack Query's retries (off by default so failures show at once). */
  retry?: boolean;
}

export interface RenderRouteResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
  /** Every request the app made, in order. */
  requests: StubRequest[];
  /** Requests no handler answered (they got a 404). */
  unhandled: StubRequest[];
  /** The current path of the router. */
  path: () => string;
}

/** The fetch stub on its own, for tests that render something smaller than a route. */
export function stubFetch(handlers: StubHandlers = {}) {
  const all = { ...baseHandlers, ...handlers };
  const requests: StubRequest[] = [];
  const unhandled: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), window.location.origin);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers ?? request?.headers);
    let text = '';
    if (typeof init?.body === 'string') text = init.body;
    else if (request && !init?.body) text = await request.clone().text();
    const req: StubRequest = {
      key: `${method} ${url.pathname}`,
      method,
      url,
      path: url.pathname,
      params: {},
      query: url.searchParams,
      headers,
      text,
      json: <T,>() => (text ? JSON.parse(text) : null) as T,
    };
    requests.push(req);
    const found = findHandler(all, method, url.pathname);
    if (!found) {
      unhandled.push(req);
      return json(
        { code: 'NOT_FOUND', message: `No test handler for ${req.key}` },
        { status: 404 },
      );
    }
    req.params = found.params;
    return toResponse(found.handler(req));
  });
  vi.stubGlobal('fetch', fetchStub);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return { fetchStub, requests, unhandled };
}

/** Renders the app's real route table at `path` inside the real AppProvider. */
export function renderRoute(path: string, options: RenderRouteOptions = {}): RenderRouteResult {
  const { requests, unhandled } = stubFetch(options.handlers);
  // like a fresh page load: the theme is read from localStorage again
  resetThemeStore();
  document.body.classList.remove('dark-theme', 'light-theme');
  const queryClient = createQueryClient();
  if (!options.retry) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  const router = createMemoryRouter(routes, {
    initialEntries: [
      options.state === undefined ? path : { ...parsePath(path), state: options.state },
    ],
  });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  onTestFinished(() => {
    router.dispose();
  });
  return {
    ...result,
    router,
    user,
    requests,
    unhandled,
    path: () => router.state.location.pathname,
  };
}
