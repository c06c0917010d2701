import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError, isDatabaseUnavailable } from './errors';
import type { AppEnv } from './hono-env';

/** An error shaped like node-postgres's for a server message (code, severity), wrapped as Drizzle does. */
function pgError(code: string, message: string) {
  const driver = Object.assign(new Error(message), { code, severity: 'FATAL' });
  return Object.assign(new Error('Failed query: select "id" from "pets"\nparams: '), {
    name: 'DrizzleQueryError',
    cause: driver,
  });
}

/** The same error through the app's one error handler. */
async function answerTo(err: unknown) {
  const app = new Hono<AppEnv>();
  app.get('/x', () => {
    throw err;
  });
  app.onError(handleError);
  const res = await app.request('/x');
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const unreachable: [string, unknown][] = [
  [
    '57P01 terminated by an administrator (a restart)',
    pgError('57P01', 'terminating connection due to administrator command'),
  ],
  ['57P02 crash of another backend', pgError('57P02', 'terminating connection due to crash')],
  ['57P03 still starting', pgError('57P03', 'the database system is starting up')],
  ['57014 statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
  ['08006 connection failure', pgError('08006', 'connection failure')],
  ['53300 too many connections', pgError('53300', 'sorry, too many clients already')],
  ['53100 disk full (PGlite too)', pgError('53100', 'could not extend file: No space left')],
  [
    'ECONNREFUSED on every address (AggregateError)',
    Object.assign(new AggregateError([new Error('connect ECONNREFUSED ::1:5432')], ''), {
      code: 'ECONNREFUSED',
    }),
  ],
  ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ['a connection that ended', new Error('Connection terminated unexpectedly')],
  ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ['a new connection that timed out', new Error('timeout expired')],
  ['no answer to a query', new Error('Query read timeout')],
  ['a closed PGlite', new Error('PGlite is closed')],
];

describe('database unavailable errors', () => {
  it.each(unreachable)('%s answers 503 SERVICE_UNAVAILABLE without internals', async (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    const res = await answerTo(err);
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is not reachable right now. Please try again in a moment.',
    });
    expect(res.headers.get('retry-after')).toBe('2');
  });

  it('keeps other database errors a hidden 500 (a bug is not an outage)', async () => {
    for (const err of [
      pgError('23505', 'duplicate key value violates unique constraint "pets_pkey"'),
      pgError('42P01', 'relation "pets" does not exist'),
      new Error('Cannot read properties of undefined'),
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
      const res = await answerTo(err);
      expect(res.status).toBe(500);
      expect(JSON.parse(res.text).code).toBe('INTERNAL_ERROR');
      expect(res.text).not.toMatch(/pets|duplicate|undefined/);
    }
  });
});

describe('transactions that collided with another', () => {
  it.each([
    ['40P01 deadlock detected', pgError('40P01', 'deadlock detected')],
    [
      '40001 serialization failure',
      pgError('40001', 'could not serialize access due to concurrent update'),
    ],
  ])('%s answers 503 with Retry-After and says to try again, without internals', async (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    const res = await answerTo(err);
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'This met another change made at the same moment. Please try again.',
    });
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.text).not.toMatch(/deadlock|serialize/);
  });
});
