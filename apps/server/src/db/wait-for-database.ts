import type { Logger } from '../lib/logger';
import { DatabaseStartupError } from './client';

export interface WaitOptions {
  /** Give up this long after `since` (0: one attempt only). */
  waitSeconds: number;
  /** When waiting began (Date.now()), if before this call; default now. */
  since?: number;
  logger: Logger;
  /** What the log and the final error call the database (no password), e.g. `db.example:5432/pets`. */
  label: string;
  /** Stops waiting (shutdown during start-up). */
  signal?: AbortSignal;
  /** The first pause between attempts; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Calls `attempt` until it succeeds, pausing with exponential back-off (0.25 s, 0.5 s, 1 s, ... at
 * most 5 s) and logging each failure, for at most `waitSeconds`; then throws a
 * DatabaseStartupError naming the last failure.
 */
export async function waitForDatabase(
  attempt: () => Promise<void>,
  options: WaitOptions,
): Promise<void> {
  const { logger, label, signal, firstDelayMs = 250, maxDelayMs = 5000 } = options;
  const deadline = (options.since ?? Date.now()) + options.waitSeconds * 1000;
  for (let n = 1; ; n += 1) {
    signal?.throwIfAborted();
    try {
      await attempt();
      if (n > 1) logger.info({ database: label, attempt: n }, 'Database reachable');
      return;
    } catch (err) {
      signal?.throwIfAborted();
      const left = deadline - Date.now();
      const reason = describe(err);
      if (left <= 0) {
        throw new DatabaseStartupError(
          `Cannot reach the database ${label} after ${n} attempt${n > 1 ? 's' : ''} in ` +
            `${options.waitSeconds} s (DATABASE_STARTUP_WAIT_SECONDS): ${reason}`,
        );
      }
      const delay = Math.min(left, maxDelayMs, firstDelayMs * 2 ** (n - 1));
      logger.warn(
        { database: label, attempt: n, retryInMs: Math.round(delay), reason },
        'Database not reachable yet; retrying',
      );
      await pause(delay, signal);
    }
  }
}

/** The innermost message of a driver error (Drizzle wraps it as "Failed query: ..."). */
function describe(err: unknown): string {
  let text = 'unknown error';
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { message, code, cause } = e as { message?: unknown; code?: unknown; cause?: unknown };
    if (typeof message === 'string' && message) text = message;
    else if (typeof code === 'string') text = code;
    e = cause;
  }
  return text.split('\n')[0] ?? text;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
