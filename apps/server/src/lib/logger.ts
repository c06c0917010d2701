import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Log lines are gathered and written to stdout a few kilobytes at a time, at least every
 * FLUSH_MS, instead of one write per line. Each write goes through libuv's thread pool (a
 * hand-off to a worker thread and back): a few percent of a cheap request's CPU (decision 046).
 * A process that ends on purpose first waits for its lines (`logsWritten`); pino also writes out
 * what is still gathered when the process exits, also on an uncaught error.
 */
const GATHER_BYTES = 4096;
const FLUSH_MS = 1000;
/** Longest wait for the gathered lines before a process ends anyway. */
const EXIT_WAIT_MS = 2000;

export const CENSORED = '[redacted]';
/** Keys whose values never reach the log: on a logged object, or on any object it holds. */
const SECRET_KEYS = ['password', 'cardNumber', 'cvc'] as const;
/** The request's headers that carry credentials, where a line logs a request as `req`. */
const SECRET_HEADERS = ['authorization', 'cookie'] as const;

type Loggable = Record<string, unknown>;

const isObject = (value: unknown): value is Loggable => typeof value === 'object' && value !== null;

/**
 * A shallow copy with the same prototype and every own property, enumerable or not (an Error's
 * message and stack); each one configurable, so `censor` may redefine it (a frozen object's too).
 */
function copyOf<T extends Loggable>(value: T): T {
  const descriptors = Object.getOwnPropertyDescriptors(value);
  for (const key of Reflect.ownKeys(descriptors)) {
    descriptors[key as keyof typeof descriptors]!.configurable = true;
  }
  return Object.create(Object.getPrototypeOf(value) as object, descriptors) as T;
}

/**
 * Sets `key` on a copy (made by copyOf) as a plain value: defined, not assigned, so a read-only
 * property, a getter without a setter or a setter the copy inherited cannot throw or run.
 */
const censor = (copy: Loggable, key: string, value: unknown) =>
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });

/** `value` with `keys` censored, copied only when one of them is there; else `value` itself. */
function withCensored<T extends Loggable>(value: T, keys: readonly string[]): T {
  let copy: T | undefined;
  for (const key of keys) {
    if (!Object.hasOwn(value, key) || value[key] === undefined) continue;
    copy ??= copyOf(value);
    censor(copy, key, CENSORED);
  }
  return copy ?? value;
}

/**
 * A log line's object with its secrets censored: the secret keys on the object and on each object
 * it holds (what pino's `*.password` redacted, and the top level too), and a logged request's
 * credentials (`req.headers.authorization`, `req.headers.cookie`). The object is copied only when
 * it holds one; otherwise it is answered as it is, so a line without secrets (every request's line)
 * costs a walk over its keys (decision 050).
 */
export function censorSecrets<T extends Loggable>(obj: T): T {
  let out = withCensored(obj, SECRET_KEYS);
  for (const key in out) {
    const value: unknown = out[key];
    if (!Object.hasOwn(out, key) || !isObject(value)) continue;
    let censored: Loggable = withCensored(value, SECRET_KEYS);
    if (key === 'req' && isObject(censored.headers)) {
      const headers = withCensored(censored.headers, SECRET_HEADERS);
      if (headers !== censored.headers) {
        if (censored === value) censored = copyOf(value);
        censor(censored, 'headers', headers);
      }
    }
    if (censored === value) continue;
    if (out === obj) out = copyOf(obj);
    censor(out, key, censored);
  }
  return out;
}

/** The options of every logger of the server: its level, its `service`, its censoring. */
export function loggerOptions(level: pino.LevelWithSilent): pino.LoggerOptions {
  return {
    level,
    base: { service: 'pet-haven' },
    // every line's object, a child logger's lines included; a child's bindings are not censored
    // (pino formats only the root's), and the server binds only ids and names (decision 050)
    formatters: { log: censorSecrets },
  };
}

export function createLogger(level: pino.LevelWithSilent): Logger {
  const options = loggerOptions(level);
  if (level === 'silent') return pino(options);
  // sonic-boom's own timer (unref'd, cleared when the stream closes) flushes every FLUSH_MS
  const destination = pino.destination({
    dest: 1,
    minLength: GATHER_BYTES,
    periodicFlush: FLUSH_MS,
    sync: false,
  });
  return pino(options, destination);
}

/**
 * Resolves once every line logged so far is written (a write already under way included), or
 * after EXIT_WAIT_MS: call it before `process.exit`.
 */
export function logsWritten(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, EXIT_WAIT_MS);
    logger.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
