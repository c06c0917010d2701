import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CENSORED, censorSecrets, loggerOptions } from './logger';

/** A logger with the server's options whose lines are kept, parsed, in `lines`. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(loggerOptions('info'), {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe('the log keeps secrets out', () => {
  it('censors the secret keys on a logged object and on the objects it holds', () => {
    const { logger, lines } = capturingLogger();
    const body = { email: 'a@b.c', password: 'hunter22', nested: { cvc: '123' } };
    logger.warn(
      { body, card: { cardNumber: '4242424242424242', cvc: '123', last4: '4242' }, password: 'x' },
      'rejected',
    );
    expect(lines[0]).toMatchObject({
      msg: 'rejected',
      password: CENSORED,
      body: { email: 'a@b.c', password: CENSORED, nested: { cvc: '123' } },
      card: { cardNumber: CENSORED, cvc: CENSORED, last4: '4242' },
    });
    // the caller's objects are not touched
    expect(body.password).toBe('hunter22');
  });

  it("censors a logged request's credentials and keeps its other headers", () => {
    const { logger, lines } = capturingLogger();
    const req = {
      method: 'GET',
      headers: { authorization: 'Bearer abc', cookie: 'session=abc', accept: 'text/html' },
    };
    logger.info({ req }, 'incoming');
    expect(lines[0]).toMatchObject({
      req: {
        method: 'GET',
        headers: { authorization: CENSORED, cookie: CENSORED, accept: 'text/html' },
      },
    });
    expect(req.headers.authorization).toBe('Bearer abc');
  });

  it("censors what a child logger's lines log", () => {
    const { logger, lines } = capturingLogger();
    logger.child({ requestId: 'r1' }).info({ body: { password: 'hunter22' } }, 'bound');
    expect(lines[0]).toMatchObject({
      service: 'pet-haven',
      requestId: 'r1',
      body: { password: CENSORED },
    });
  });

  it("keeps an error's message and stack when it censors a key on it", () => {
    const { logger, lines } = capturingLogger();
    const err = Object.assign(new Error('sign-in failed'), { password: 'hunter22' });
    logger.error({ err }, 'failed');
    const logged = lines[0]!.err as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'Error', message: 'sign-in failed', password: CENSORED });
    expect(String(logged.stack)).toContain('sign-in failed');
  });

  it('censors a frozen object, a getter and a setter without throwing or running them', () => {
    const { logger, lines } = capturingLogger();
    let setterRan = false;
    const getterOnly = Object.defineProperty({ id: 'g' }, 'password', {
      get: () => 'hunter22',
      enumerable: true,
    });
    const withSetter = Object.defineProperty({ id: 's' }, 'cvc', {
      get: () => '123',
      set: () => {
        setterRan = true;
      },
      enumerable: true,
    });
    const frozen = Object.freeze({ id: 'f', password: 'hunter22' });
    logger.warn({ frozen, getterOnly, withSetter }, 'odd objects');
    expect(lines[0]).toMatchObject({
      frozen: { id: 'f', password: CENSORED },
      getterOnly: { id: 'g', password: CENSORED },
      withSetter: { id: 's', cvc: CENSORED },
    });
    expect(setterRan).toBe(false);
    expect(frozen.password).toBe('hunter22');
  });

  it('answers an object without secrets as it is (no copy per request line)', () => {
    const line = { method: 'GET', path: '/api/pets', status: 200, durationMs: 1.5 };
    expect(censorSecrets(line)).toBe(line);
    const nested = { req: { headers: { accept: '*/*' } }, body: { email: 'a@b.c' } };
    expect(censorSecrets(nested)).toBe(nested);
  });
});
