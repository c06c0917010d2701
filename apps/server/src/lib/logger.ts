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

export function createLogger(level: pino.LevelWithSilent): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'pet-haven' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.cardNumber',
        '*.cvc',
      ],
      censor: '[redacted]',
    },
  };
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
