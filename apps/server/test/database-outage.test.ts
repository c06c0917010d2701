import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { DatabaseStartupError } from '../src/db/client';
import { createLogger } from '../src/lib/logger';
import { type RunningServer, startServer } from '../src/server';
import { createCampaignVia } from './helpers/campaigns';
import { createUser, type TestUser } from './helpers/factories';
import { partitionableProxy } from './helpers/partition-proxy';
import { testCard } from './helpers/payments';
import { petBody } from './helpers/pets';
import { uploadPicture } from './helpers/pictures';
import { settlesWithin } from './helpers/settles-within';
import { createTestContext, requestOver, type TestResponse } from './helpers/test-app';
import { testConfig } from './helpers/test-config';
import {
  adminQuery,
  createScratchDatabase,
  scratchDatabase,
  scratchDatabaseName,
} from './helpers/test-database';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const UNAVAILABLE = { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) };

/** The real server (startServer, as main.ts runs it) on 127.0.0.1 and a free port. */
function startOn(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const config = testConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    ...env,
  });
  return startServer(config, createLogger(config.logLevel));
}

/** Polls `probe` until it answers true, for at most `withinMs`; answers how long it took. */
async function within(withinMs: number, probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - started;
    if (performance.now() - started > withinMs) {
      throw new Error(`not within ${withinMs} ms`);
    }
  }
}

/** Errors nobody handled while `run` ran (they would have ended a real server process). */
async function crashesDuring(run: () => Promise<void>): Promise<unknown[]> {
  const crashes: unknown[] = [];
  const record = (err: unknown) => crashes.push(err);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  try {
    await run();
  } finally {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  }
  return crashes;
}

describe('while start-up has not prepared the database yet', () => {
  it('answers /api/health 200, and /api/ready and every route needing the database 503', async () => {
    const ctx = await createTestContext();
    try {
      const app = createApp({ ...ctx.deps, readiness: { ready: false, draining: false } });
      const call = (p: string, init?: RequestInit) =>
        app.request(`http://localhost:3000${p}`, init);
      expect((await call('/api/health')).status).toBe(200);
      expect((await call('/api/config')).status).toBe(200);
      for (const [p, init] of [
        ['/api/ready', undefined],
        ['/api/pets', undefined],
        [
          '/api/auth/sign-in/email',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'a@example.com', password: 'Secret1' }),
          },
        ],
      ] as const) {
        const res = await call(p, init);
        expect(res.status, p).toBe(503);
        expect(res.headers.get('retry-after')).toBe('2');
        expect(await res.json()).toEqual(UNAVAILABLE);
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('when the database has gone away', () => {
  it('answers 503 JSON, never 500, on our routes and on Better Auth routes', async () => {
    const ctx = await createTestContext();
    const user = await createUser(ctx.database.db);
    await ctx.database.close();
    const answers = [
      await ctx.request('/api/pets'),
      await ctx.request('/api/user/pets', { token: user.token }),
      await ctx.request('/api/ready'),
      await ctx.request('/api/auth/sign-in/email', {
        json: { email: user.email, password: 'Secret1' },
      }),
      await ctx.request('/api/auth/sign-up/email', {
        json: {
          name: 'Late',
          email: 'late@example.com',
          password: 'Secret1',
          image: 'https://example.com/me.png',
        },
      }),
    ];
    for (const res of answers) {
      expect(res.status, `${answers.indexOf(res)}: ${res.text}`).toBe(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
  });
});

interface Outcome {
  what: string;
  status: number | 'no answer';
  ms: number;
}

describe.skipIf(!onPostgres)(
  'PostgreSQL outages (TEST_DATABASE_URL only: PGlite runs in-process, with no connection to lose)',
  () => {
    it('survives connections killed for 10 s under steady reads and writes: 2xx or 503 within 2 s, serving again within 1 s, no acknowledged write lost', async () => {
      const scratch = await createScratchDatabase();
      const server = await startOn(scratch.url);
      const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      const outcomes: Outcome[] = [];
      const petsAcknowledged: string[] = [];
      const donationsAcknowledged: string[] = [];
      let kills = 0;
      let recoveryMs = Number.NaN;
      let closing: Promise<void> | undefined;
      try {
        await server.ready;
        const request = requestOver(server.url);
        const db = server.deps.database.db;
        const owner = await createUser(db, { name: 'Writer' });
        const donors = [await createUser(db), await createUser(db)];
        const picture = await uploadPicture({ request }, owner.token);
        const campaign = await createCampaignVia({ request }, owner.token, {
          maxDonationAmount: 100_000,
        });
        await killer.connect();

        let stopped = false;
        const timed = async (
          what: string,
          send: (signal: AbortSignal) => Promise<TestResponse>,
        ) => {
          const started = performance.now();
          try {
            const res = await send(AbortSignal.timeout(5000));
            outcomes.push({ what, status: res.status, ms: performance.now() - started });
            return res;
          } catch {
            outcomes.push({ what, status: 'no answer', ms: performance.now() - started });
            return null;
          }
        };
        const loop = async (step: () => Promise<unknown>) => {
          while (!stopped) await step();
        };
        const addPet = () =>
          timed('add pet', (signal) =>
            request('/api/add-pet', {
              token: owner.token,
              json: petBody(picture, { petName: `Rex ${randomUUID().slice(0, 8)}` }),
              signal,
            }),
          ).then((res) => {
            if (res?.status === 201) petsAcknowledged.push(res.body._id);
            return res;
          });
        const donate = async (donor: TestUser) => {
          const intent = await timed('create payment', (signal) =>
            request('/api/create-payment', {
              token: donor.token,
              json: { donationAmount: 1, donationCampaignId: campaign._id },
              signal,
            }),
          );
          if (intent?.status !== 200) return;
          const id = intent.body.paymentIntentId as string;
          const confirm = await timed('confirm payment', (signal) =>
            request(`/api/test-payments/${id}/confirm`, {
              token: donor.token,
              json: { clientSecret: intent.body.clientSecret, ...testCard() },
              signal,
            }),
          );
          if (confirm?.status === 200) donationsAcknowledged.push(id);
        };

        const crashes = await crashesDuring(async () => {
          const load = [
            loop(() => timed('list pets', (signal) => request('/api/pets', { signal }))),
            loop(() =>
              timed('list pets', (signal) => request('/api/pets?category=dog', { signal })),
            ),
            loop(() =>
              timed('own pets', (signal) =>
                request('/api/user/pets', { token: owner.token, signal }),
              ),
            ),
            loop(addPet),
            loop(addPet),
            ...donors.map((donor) => loop(() => donate(donor))),
          ];
          // The fault: every connection of the database killed (57P01, as a restart does),
          // again and again for 10 s. The pause only paces the injection.
          const windowEnds = performance.now() + 10_000;
          while (performance.now() < windowEnds) {
            const killed = await killer.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
               WHERE datname = $1 AND pid <> pg_backend_pid()`,
              [scratch.name],
            );
            kills += killed.rowCount ?? 0;
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          stopped = true;
          // Serving normally again within 1 s: a read and an acknowledged write.
          recoveryMs = await within(1000, async () => {
            const read = await request('/api/pets');
            if (read.status !== 200) return false;
            return (await addPet())?.status === 201;
          });
          await Promise.all(load);
        });

        const is2xx = (o: Outcome) =>
          typeof o.status === 'number' && o.status >= 200 && o.status < 300;
        const ok = outcomes.filter(is2xx).length;
        const unavailable = outcomes.filter((o) => o.status === 503).length;
        console.info(
          `connections killed: ${kills}; answers: ${outcomes.length} (${ok} 2xx, ${unavailable} 503); ` +
            `slowest ${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms; ` +
            `serving again ${Math.round(recoveryMs)} ms after the last kill; ` +
            `${petsAcknowledged.length} pets and ${donationsAcknowledged.length} donations acknowledged`,
        );
        expect(crashes).toEqual([]);
        expect(outcomes.filter((o) => !is2xx(o) && o.status !== 503)).toEqual([]);
        expect(outcomes.filter((o) => o.ms > 2000)).toEqual([]);
        // The fault did bite, and the server kept serving between the kills.
        expect(kills).toBeGreaterThan(20);
        expect(unavailable).toBeGreaterThan(0);
        expect(ok).toBeGreaterThan(0);
        expect(petsAcknowledged.length).toBeGreaterThan(0);

        // Every acknowledged write is there, and nothing is half-written.
        const check = new pg.Client({ connectionString: scratch.url });
        await check.connect();
        try {
          const pets = await check.query(`SELECT count(*)::int AS n FROM pets WHERE id = ANY($1)`, [
            petsAcknowledged,
          ]);
          expect(pets.rows[0].n).toBe(petsAcknowledged.length);
          const donations = await check.query(
            `SELECT count(*)::int AS n FROM donations WHERE payment_intent_id = ANY($1)`,
            [donationsAcknowledged],
          );
          expect(donations.rows[0].n).toBe(donationsAcknowledged.length);
          // The raised amount is exactly the sum of the donations recorded...
          const money = await check.query(
            `SELECT c.raised_cents AS raised, coalesce(sum(d.amount_cents), 0)::int AS donated
             FROM campaigns c LEFT JOIN donations d ON d.campaign_id = c.id
             WHERE c.id = $1 GROUP BY c.id`,
            [campaign._id],
          );
          expect(money.rows[0].raised).toBe(money.rows[0].donated);
          // ...and a payment is marked succeeded exactly when its donation is recorded.
          const halfDone = await check.query(
            `SELECT i.id FROM payment_intents i LEFT JOIN donations d ON d.payment_intent_id = i.id
             WHERE (i.status = 'succeeded') <> (d.id IS NOT NULL)`,
          );
          expect(halfDone.rows).toEqual([]);
        } finally {
          await check.end();
        }
        // Graceful shutdown still works: no connection was kept by a failed request.
        closing = server.close();
        expect(await settlesWithin(5000, closing)).toBe(true);
      } finally {
        await killer.end().catch(() => undefined);
        await (closing ?? server.close());
        await scratch.drop();
      }
    }, 60_000);

    it('starts while its database does not exist yet: health 200, ready 503, then ready once it appears', async () => {
      const late = scratchDatabase(scratchDatabaseName());
      const server = await startOn(late.url);
      try {
        const request = requestOver(server.url);
        expect((await request('/api/health')).status).toBe(200);
        const notReady = await request('/api/ready');
        expect(notReady.status).toBe(503);
        expect(notReady.body).toEqual(UNAVAILABLE);
        expect((await request('/api/pets')).status).toBe(503);

        await adminQuery(`CREATE DATABASE "${late.name}"`);
        // Start-up retries with back-off (0.25 s, 0.5 s, 1 s...) and then applies the migrations.
        await within(15_000, async () => (await request('/api/ready')).status === 200);
        await server.ready;
        const pets = await request('/api/pets');
        expect(pets.status).toBe(200);
        expect(pets.body).toEqual([]);
      } finally {
        await server.close();
        await late.drop();
      }
    }, 30_000);

    it('gives up after DATABASE_STARTUP_WAIT_SECONDS with a one-line reason, health still up meanwhile', async () => {
      const never = scratchDatabase(scratchDatabaseName());
      const server = await startOn(never.url, { DATABASE_STARTUP_WAIT_SECONDS: '0' });
      try {
        const failure = await server.ready.then(
          () => null,
          (err: unknown) => err,
        );
        expect(failure).toBeInstanceOf(DatabaseStartupError);
        expect((failure as Error).message).toMatch(
          new RegExp(
            `^Cannot reach the database .*/${never.name} after 1 attempt in 0 s .*does not exist$`,
          ),
        );
        expect((await requestOver(server.url)('/api/health')).status).toBe(200);
      } finally {
        await server.close();
      }
    });

    it('answers 503 within 2 s during a silent network partition, and serves again once it heals', async () => {
      const scratch = await createScratchDatabase();
      const proxy = await partitionableProxy(new URL(scratch.url));
      const viaProxy = new URL(scratch.url);
      viaProxy.port = String(proxy.port);
      const server = await startOn(viaProxy.toString());
      try {
        await server.ready;
        const request = requestOver(server.url);
        const owner = await createUser(server.deps.database.db);
        const picture = await uploadPicture({ request }, owner.token);
        // A few connections open and idle in the pool, as on a live server.
        await Promise.all([1, 2, 3].map(() => request('/api/pets')));

        proxy.silence();
        // More requests than the pool has connections (10): some wait for one.
        const answers = await Promise.all(
          [
            ...Array.from({ length: 12 }, (_, i) => () => request(`/api/pets?page=${i + 1}`)),
            () => request('/api/pets?category=dog'),
            () => request('/api/user/pets', { token: owner.token }),
            () => request('/api/add-pet', { token: owner.token, json: petBody(picture) }),
            () => request('/api/ready'),
          ].map(async (send) => {
            const started = performance.now();
            const res = await send();
            return { status: res.status, body: res.body, ms: performance.now() - started };
          }),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(503);
          expect(answer.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
          expect(answer.ms).toBeLessThan(2000);
        }

        proxy.heal();
        await within(5000, async () => (await request('/api/pets')).status === 200);
      } finally {
        await server.close();
        await proxy.close();
        await scratch.drop();
      }
    }, 30_000);
  },
);
