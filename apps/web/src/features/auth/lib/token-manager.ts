import { ACCESS_TOKEN_KEY } from '@/lib/storage';

/**
 * Keeps the API's bearer token (POST /api/jwt) for the signed-in user (spec section 4, issue 2 §4):
 * fetched after sign-in and when a session exists on load, stored in localStorage 'access-token',
 * renewed about 5 minutes before it expires, retried after a network failure in 30 s, doubling up
 * to 16 minutes, and removed on sign-out. `getToken` waits while a token is on its way.
 */

const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 16 * 60_000;
/** A token this close to its expiry is not sent any more (clock skew, request time). */
const EXPIRY_MARGIN_MS = 30_000;

export interface IssuedToken {
  token: string;
  /** ISO time */
  expiresAt: string;
}

/** Thrown by `fetchToken` when the server refuses (no live session): the manager gives up. */
export interface TokenFetchFailure {
  /** HTTP status; 0 when the network failed. */
  status: number;
}

export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  remove(): void;
}

const localTokenStorage: TokenStorage = {
  get: () => {
    try {
      return localStorage.getItem(ACCESS_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set: (token) => {
    try {
      localStorage.setItem(ACCESS_TOKEN_KEY, token);
    } catch {
      // storage disabled: the token still lives in memory
    }
  },
  remove: () => {
    try {
      localStorage.removeItem(ACCESS_TOKEN_KEY);
    } catch {
      // nothing stored
    }
  },
};

export interface TokenManagerDeps {
  fetchToken: (email: string) => Promise<IssuedToken>;
  /** Called when the server refuses to issue a token (401/403): the session is gone. */
  onSessionLost?: () => void;
  storage?: TokenStorage;
  now?: () => number;
}

export type TokenStatus = 'booting' | 'fetching' | 'ready' | 'retrying' | 'signed-out';

export interface TokenManagerState {
  status: TokenStatus;
  email: string | null;
  expiresAt: number | null;
  /** Failures in a row (network or server errors). */
  failures: number;
  /** When the next attempt is due (renewal or retry), ms since epoch. */
  nextAttemptAt: number | null;
}

/** The delay before retry number `failures` (1-based): 30 s, 60 s, ... capped at 16 min. */
export function retryDelay(failures: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_DELAY_MS);
}

/** Reads `exp` (and `email`) from a JWT without verifying it (the server verifies). */
export function readTokenClaims(token: string): { exp: number | null; email: string | null } {
  try {
    const part = token.split('.')[1];
    if (!part) return { exp: null, email: null };
    const padded = part.replace(/-/g, '+').replace(/_/g, '/');
    const payload = JSON.parse(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))) as {
      exp?: unknown;
      email?: unknown;
    };
    return {
      exp: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
      email: typeof payload.email === 'string' ? payload.email : null,
    };
  } catch {
    return { exp: null, email: null };
  }
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export type TokenManager = ReturnType<typeof createTokenManager>;

export function createTokenManager(deps: TokenManagerDeps) {
  const storage = deps.storage ?? localTokenStorage;
  const now = deps.now ?? (() => Date.now());

  let status: TokenStatus = 'booting';
  let email: string | null = null;
  let token: string | null = null;
  let expiresAt: number | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextAttemptAt: number | null = null;
  /** Bumped on every start/stop so answers of an abandoned request are ignored. */
  let generation = 0;
  let waiting = deferred<string | null>();
  let inFlight: Promise<string | null> | null = null;

  const usable = () => token !== null && expiresAt !== null && expiresAt - EXPIRY_MARGIN_MS > now();

  function settleWaiters(value: string | null) {
    waiting.resolve(value);
    waiting = deferred<string | null>();
  }

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    nextAttemptAt = null;
  }

  function schedule(delay: number) {
    clearTimer();
    const ms = Math.max(0, delay);
    nextAttemptAt = now() + ms;
    timer = setTimeout(() => {
      timer = null;
      nextAttemptAt = null;
      void fetchNow();
    }, ms);
  }

  function scheduleRenewal() {
    if (expiresAt === null) return;
    schedule(expiresAt - RENEW_BEFORE_EXPIRY_MS - now());
  }

  function fetchNow(): Promise<string | null> {
    if (inFlight) return inFlight;
    if (!email) return Promise.resolve(null);
    const gen = generation;
    const forEmail = email;
    status = 'fetching';
    clearTimer();
    const attempt = deps
      .fetchToken(forEmail)
      .then(
        (issued) => {
          if (gen !== generation) return null;
          token = issued.token;
          const parsed = Date.parse(issued.expiresAt);
          expiresAt = Number.isFinite(parsed)
            ? parsed
            : (readTokenClaims(issued.token).exp ?? now() + 15 * 60_000);
          failures = 0;
          status = 'ready';
          storage.set(issued.token);
          scheduleRenewal();
          settleWaiters(issued.token);
          return issued.token;
        },
        (err: unknown) => {
          if (gen !== generation) return null;
          const httpStatus = (err as Partial<TokenFetchFailure> | null)?.status ?? 0;
          if (httpStatus === 401 || httpStatus === 403) {
            stop();
            deps.onSessionLost?.();
            return null;
          }
          // network failure (or a server hiccup): keep any still-valid token, retry with backoff
          failures += 1;
          status = usable() ? 'ready' : 'retrying';
          schedule(retryDelay(failures));
          const current = usable() ? token : null;
          settleWaiters(current);
          return current;
        },
      )
      .finally(() => {
        if (gen === generation) inFlight = null;
      });
    inFlight = attempt;
    return attempt;
  }

  /** A user is signed in: use the stored token if it is theirs and fresh, else fetch one. */
  function start(forEmail: string): Promise<string | null> {
    const same = email !== null && email.toLowerCase() === forEmail.toLowerCase();
    if (same && status !== 'booting' && status !== 'signed-out') {
      if (inFlight) return inFlight;
      return Promise.resolve(usable() ? token : null);
    }
    generation += 1;
    inFlight = null;
    clearTimer();
    email = forEmail;
    failures = 0;
    token = null;
    expiresAt = null;

    const stored = storage.get();
    if (stored) {
      const claims = readTokenClaims(stored);
      const mine = claims.email === null || claims.email.toLowerCase() === forEmail.toLowerCase();
      if (mine && claims.exp !== null && claims.exp - RENEW_BEFORE_EXPIRY_MS > now()) {
        token = stored;
        expiresAt = claims.exp;
        status = 'ready';
        scheduleRenewal();
        settleWaiters(stored);
        return Promise.resolve(stored);
      }
      if (!mine) storage.remove();
      else if (claims.exp !== null && claims.exp - EXPIRY_MARGIN_MS > now()) {
        // still valid for a little while: use it while a new one is fetched
        token = stored;
        expiresAt = claims.exp;
      }
    }
    return fetchNow();
  }

  /** Forgets the user and the token, and drops the fetch on its way (its answer is ignored). */
  function forget(next: TokenStatus) {
    generation += 1;
    inFlight = null;
    clearTimer();
    status = next;
    email = null;
    token = null;
    expiresAt = null;
    failures = 0;
  }

  /** Signed out: forget and remove the token; waiting callers get null. */
  function stop() {
    forget('signed-out');
    storage.remove();
    settleWaiters(null);
  }

  /** Back to "session unknown" (e.g. the provider unmounted): callers wait again. */
  function reset() {
    forget('booting');
  }

  /** A token valid now, waiting for one on its way; null when signed out. */
  async function getToken(): Promise<string | null> {
    switch (status) {
      case 'signed-out':
        return null;
      case 'booting':
        return waiting.promise;
      case 'fetching':
        return usable() ? token : (inFlight ?? waiting.promise);
      case 'retrying':
        return usable() ? token : null;
      case 'ready':
        return usable() ? token : fetchNow();
    }
  }

  function getState(): TokenManagerState {
    return { status, email, expiresAt, failures, nextAttemptAt };
  }

  return { start, stop, reset, getToken, getState, renewNow: fetchNow };
}
