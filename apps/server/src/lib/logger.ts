import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({
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
  });
}
