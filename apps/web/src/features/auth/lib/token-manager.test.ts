import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/storage';
import {
  createTokenManager,
  readTokenClaims,
  retryDelay,
  type IssuedToken,
  type TokenFetchFailure,
} from './token-manager';

const MIN = 60_000;

/** A JWT-shaped token (unsigned: the manager only reads exp/email; the server verifies). */
function fakeJwt(email: string, expMs: number, n = 0) {
  const payload = btoa(JSON.stringify({ email, exp: Math.floor(expMs / 1000), n }));
  return `h.${payload.replace(/=+$/, '')}.s`;
}

function issue(email: string, n: number): IssuedToken {
  const exp = Date.now() + 15 * MIN;
  return { token: fakeJwt(email, exp, n), expiresAt: new Date(exp).toISOString() };
}

const networkDown: TokenFetchFailure = { status: 0 };

describe('token manager', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores the token, renews it 5 minutes before expiry, removes it on stop', async () => {
    let n = 0;
    const fetchToken = vi.fn(async (email: string) => issue(email, ++n));
    const m = createTokenManager({ fetchToken });

    const first = await m.start('ann@example.com');
    expect(first).toBeTruthy();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(first);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(fetchToken).toHaveBeenCalledWith('ann@example.com');

    // 15-minute token: nothing happens before the 10-minute mark
    await vi.advanceTimersByTimeAsync(10 * MIN - 1000);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    const second = await m.getToken();
    expect(second).not.toBe(first);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(second);

    m.stop();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(await m.getToken()).toBeNull();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('retries after a network failure in 30 s, doubling up to 16 minutes', async () => {
    const fetchToken = vi.fn(async (): Promise<IssuedToken> => {
      throw networkDown;
    });
    const m = createTokenManager({ fetchToken });
    expect(await m.start('ann@example.com')).toBeNull();
    expect(m.getState().status).toBe('retrying');

    const expected = [30, 60, 120, 240, 480, 960, 960, 960].map((s) => s * 1000);
    for (const [i, delay] of expected.entries()) {
      expect(fetchToken).toHaveBeenCalledTimes(i + 1);
      expect(m.getState().nextAttemptAt).toBe(Date.now() + delay);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fetchToken).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(fetchToken).toHaveBeenCalledTimes(expected.length + 1);
    expect(retryDelay(1)).toBe(30_000);
    expect(retryDelay(20)).toBe(16 * MIN);
  });

  it('recovers when the network returns, and the backoff starts over', async () => {
    let down = true;
    let n = 0;
    const fetchToken = vi.fn(async (email: string) => {
      if (down) throw networkDown;
      return issue(email, ++n);
    });
    const m = createTokenManager({ fetchToken });
    await m.start('ann@example.com');
    await vi.advanceTimersByTimeAsync(30_000); // 2nd attempt fails, next in 60 s
    down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchToken).toHaveBeenCalledTimes(3);
    expect(await m.getToken()).toMatch(/^h\./);
    expect(m.getState()).toMatchObject({ status: 'ready', failures: 0 });
    // next event is the renewal, 10 minutes later, not a retry
    expect(m.getState().nextAttemptAt).toBe(Date.now() + 10 * MIN);
  });

  it('keeps using a still-valid token while renewal fails on the network', async () => {
    let n = 0;
    let down = false;
    const fetchToken = vi.fn(async (email: string) => {
      if (down) throw networkDown;
      return issue(email, ++n);
    });
    const m = createTokenManager({ fetchToken });
    const token = await m.start('ann@example.com');
    down = true;
    await vi.advanceTimersByTimeAsync(10 * MIN); // renewal fails
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(await m.getToken()).toBe(token);
    expect(m.getState().nextAttemptAt).toBe(Date.now() + 30_000);
  });

  it('makes callers wait for the token on its way', async () => {
    let release!: (t: IssuedToken) => void;
    const fetchToken = vi.fn(
      (email: string) =>
        new Promise<IssuedToken>((r) => {
          release = () => r(issue(email, 1));
        }),
    );
    const m = createTokenManager({ fetchToken });
    // before the session is known, callers wait too
    const early = m.getToken();
    void m.start('ann@example.com');
    const during = m.getToken();
    release(issue('ann@example.com', 1));
    const [a, b] = await Promise.all([early, during]);
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('gives callers null at once when the session turns out to be signed out', async () => {
    const m = createTokenManager({ fetchToken: vi.fn() });
    const early = m.getToken();
    m.stop();
    expect(await early).toBeNull();
  });

  it('reuses a fresh stored token of the same user on load, and drops another user’s', async () => {
    const fetchToken = vi.fn(async (email: string) => issue(email, 9));
    const stored = fakeJwt('ann@example.com', Date.now() + 12 * MIN);
    localStorage.setItem(ACCESS_TOKEN_KEY, stored);
    const m = createTokenManager({ fetchToken });
    expect(await m.start('ann@example.com')).toBe(stored);
    expect(fetchToken).not.toHaveBeenCalled();
    // renewal 5 minutes before the stored token's expiry
    await vi.advanceTimersByTimeAsync(7 * MIN);
    expect(fetchToken).toHaveBeenCalledTimes(1);

    const other = createTokenManager({ fetchToken });
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeJwt('bob@example.com', Date.now() + 12 * MIN));
    const mine = await other.start('ann@example.com');
    expect(mine && readTokenClaims(mine).email).toBe('ann@example.com');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('gives up and reports a lost session when the server refuses (401)', async () => {
    const onSessionLost = vi.fn();
    const fetchToken = vi.fn(async (): Promise<IssuedToken> => {
      throw { status: 401 } satisfies TokenFetchFailure;
    });
    const m = createTokenManager({ fetchToken, onSessionLost });
    expect(await m.start('ann@example.com')).toBeNull();
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(m.getState().status).toBe('signed-out');
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('fetches a new token when asked for one after the old one expired', async () => {
    let n = 0;
    const fetchToken = vi.fn(async (email: string) => issue(email, ++n));
    const m = createTokenManager({ fetchToken });
    const first = await m.start('ann@example.com');
    // a suspended tab: timers did not run, the clock moved on
    vi.setSystemTime(Date.now() + 20 * MIN);
    const next = await m.getToken();
    expect(next).not.toBe(first);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });
});
