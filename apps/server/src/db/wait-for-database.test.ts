import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { DatabaseStartupError } from './client';
import { waitForDatabase } from './wait-for-database';

const refused = () =>
  Object.assign(new Error('Failed query: select 1\nparams: '), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    }),
  });

function recordingLogger() {
  const logger = createLogger('silent');
  const warnings: Record<string, unknown>[] = [];
  vi.spyOn(logger, 'warn').mockImplementation(((fields: Record<string, unknown>) => {
    warnings.push(fields);
  }) as typeof logger.warn);
  return { logger, warnings };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForDatabase', () => {
  it('retries with exponential back-off, logging each attempt, until the database answers', async () => {
    const { logger, warnings } = recordingLogger();
    let calls = 0;
    const attempt = vi.fn(async () => {
      calls += 1;
      if (calls <= 5) throw refused();
    });
    const done = waitForDatabase(attempt, { waitSeconds: 60, logger, label: 'db:5432/pets' });
    await vi.runAllTimersAsync();
    await done;
    expect(attempt).toHaveBeenCalledTimes(6);
    expect(warnings.map((w) => w.retryInMs)).toEqual([250, 500, 1000, 2000, 4000]);
    expect(warnings[0]).toMatchObject({
      database: 'db:5432/pets',
      attempt: 1,
      reason: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
  });

  it('caps the pause at 5 s and gives up at the limit with a one-line message', async () => {
    const { logger, warnings } = recordingLogger();
    const attempt = vi.fn(async () => {
      throw refused();
    });
    const done = waitForDatabase(attempt, { waitSeconds: 20, logger, label: 'db:5432/pets' });
    const outcome = done.catch((err: unknown) => err);
    await vi.runAllTimersAsync();
    const err = await outcome;
    expect(err).toBeInstanceOf(DatabaseStartupError);
    expect((err as Error).message).toBe(
      'Cannot reach the database db:5432/pets after 9 attempts in 20 s ' +
        '(DATABASE_STARTUP_WAIT_SECONDS): connect ECONNREFUSED 127.0.0.1:5432',
    );
    // 0.25 + 0.5 + 1 + 2 + 4 + 5 + 5 = 17.75 s, then what is left of the 20 s, then the last try.
    expect(warnings.map((w) => w.retryInMs)).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000, 2250,
    ]);
  });

  it('tries once with a limit of 0', async () => {
    const { logger } = recordingLogger();
    const attempt = vi.fn(async () => {
      throw refused();
    });
    await expect(
      waitForDatabase(attempt, { waitSeconds: 0, logger, label: 'db:5432/pets' }),
    ).rejects.toThrow(/after 1 attempt in 0 s/);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the server is stopped', async () => {
    const { logger } = recordingLogger();
    const stop = new AbortController();
    const done = waitForDatabase(
      async () => {
        throw refused();
      },
      { waitSeconds: 60, logger, label: 'db', signal: stop.signal },
    );
    const outcome = done.catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(1000);
    stop.abort(new Error('stopping'));
    expect(await outcome).toEqual(new Error('stopping'));
  });
});
