import { readinessSchema } from '@pet-haven/shared/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisPeer, type RedisPeer } from '../../test/helpers/redis-peer';
import { newPerson } from '../../test/helpers/factories';
import { SITE_ORIGIN, signUp } from '../../test/helpers/sessions';
import { useTestContext } from '../../test/helpers/test-app';
import { createApp, type App } from '../app';
import { type AppDeps, buildDeps } from '../app-deps';

/**
 * Two server "processes" (each its own app, Better Auth and Redis client) on one database and one
 * Redis (a real redis-server of this file's own): the per-address limits hold across them, and
 * while Redis is down each process counts on its own, signs people in, and says so on /api/ready.
 */
let redis: RedisPeer;
beforeAll(async () => {
  redis = await startRedisPeer();
});
afterAll(() => redis?.close());

const ctx = useTestContext(() => ({
  ...redis.env,
  TRUST_PROXY: 'true',
  AUTH_RATE_LIMIT_MAX: '4',
  AUTH_SIGN_IN_ADDRESS_MAX_EMAILS: '3',
}));
let secondDeps: AppDeps;
let second: App;
beforeAll(() => {
  const { config, database, logger, passwordHasher } = ctx.deps;
  secondDeps = buildDeps({ config, database, logger, passwordHasher });
  second = createApp(secondDeps);
});
afterAll(() => secondDeps?.counters.close());

let addressCounter = 0;
/** A client address no other test uses. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

/** POST `path` on `app` from client `address` (reported by our proxy). */
async function post(app: App, path: string, address: string, json: unknown) {
  const res = await app.request(
    `${SITE_ORIGIN}${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(json),
    },
    { incoming: { socket: { remoteAddress: '10.0.0.1' } } },
  );
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
}

const wrongSignIn = (app: App, address: string) =>
  post(app, '/api/auth/sign-in/email', address, {
    email: newPerson('Guess').email,
    password: 'Wrong123',
  });

const signUpFrom = (app: App, address: string) => {
  const person = newPerson('Joiner');
  return post(app, '/api/auth/sign-up/email', address, {
    name: person.name,
    email: person.email,
    password: 'Secret1',
    image: 'https://example.com/me.png',
  });
};

const ready = async (app: App) => {
  const res = await app.request('/api/ready');
  return { status: res.status, body: await res.json() };
};

describe('limits shared through Redis by two processes', () => {
  it('counts failed sign-ins for different e-mails from one address on both processes', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await wrongSignIn(i % 2 ? second : ctx.app, address));
    // three different e-mails are allowed (and wrong), the fourth is refused, whichever process
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    expect(answers[3]!.body.message).toMatch(/^Too many failed sign-ins from your network\./);
    expect((await wrongSignIn(ctx.app, address)).status).toBe(429);
    // another address is not affected
    expect((await wrongSignIn(second, freshAddress())).status).toBe(401);
  });

  it("counts Better Auth's sign-up limit on both processes", async () => {
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signUpFrom(i % 2 ? second : ctx.app, address)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('reports Redis on /api/ready', async () => {
    const answer = await ready(ctx.app);
    expect(answer.status).toBe(200);
    expect(readinessSchema.parse(answer.body).checks).toEqual({
      database: 'ok',
      redis: 'ok',
      storage: 'ok',
    });
  });

  it('while Redis is down: signs people in, counts per process, reports it; shared again once back', async () => {
    const member = await signUp(ctx);
    await redis.stop();
    try {
      // a sign-in still works on both processes (the account lock is in the database)
      for (const app of [ctx.app, second]) {
        const res = await post(app, '/api/auth/sign-in/email', freshAddress(), {
          email: member.email,
          password: member.password,
        });
        expect(res.status).toBe(200);
      }
      // the address limit still holds, per process: three e-mails on each, then 429
      const address = freshAddress();
      const statuses = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await wrongSignIn(i % 2 ? second : ctx.app, address)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      // the process stays in the balancer (every process shares Redis) and says what is missing
      const answer = await ready(ctx.app);
      expect(answer.status).toBe(200);
      expect(readinessSchema.parse(answer.body).checks.redis).toBe('unreachable');
    } finally {
      await redis.start();
    }
    // back without a restart: the next commands go to Redis again (ioredis reconnects; polled)
    await expect
      .poll(async () => readinessSchema.parse((await ready(second)).body).checks.redis, {
        timeout: 10_000,
      })
      .toBe('ok');
    await expect
      .poll(async () => readinessSchema.parse((await ready(ctx.app)).body).checks.redis, {
        timeout: 10_000,
      })
      .toBe('ok');
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await wrongSignIn(i % 2 ? second : ctx.app, address)).status);
    expect(answers).toEqual([401, 401, 401, 429]);
  });
});
