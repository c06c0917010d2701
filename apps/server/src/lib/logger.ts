import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Log lines are gathered and written to stdout a few kilobytes at a time, at least every
 * FLUSH_MS, instead of one write per line. Each write goes through libuv's thread pool (a
 * hand-off to a worker thread and back): a few percent of a cheap request's CPU (decision 046).
 * Whatever is still gathered is written out when the process exits, also on a fatal error (pino
 * flushes its destination synchronously on exit).
 */
const GATHER_BYTES = 4096;
const FLUSH_MS = 1000;

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
  const destination = pino.destination({ dest: 1, minLength: GATHER_BYTES, sync: false });
  setInterval(() => destination.flush(), FLUSH_MS).unref();
  return pino(options, destination);
}
