import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { readinessSchema } from '@pet-haven/shared/system';
import { KEEP_ALIVE_SECONDS } from '../src/lib/http-server';
import { createCampaignVia } from '../test/helpers/campaigns';
import { createUser } from '../test/helpers/factories';
import { paymentsVia, testCard, type StartedPayment } from '../test/helpers/payments';
import { addPetVia, petBody } from '../test/helpers/pets';
import { distinctPng, imageForm, uploadPicture } from '../test/helpers/pictures';
import { cookiesOf } from '../test/helpers/sessions';
import { requestOver, type TestResponse } from '../test/helpers/test-app';
import { type Cluster, startCluster, until, untilBothInRotation } from './cluster-harness';

/**
 * Two server processes behind HAProxy on PostgreSQL, Redis and an S3-compatible store, driven
 * through HAProxy as users would (issue 15). Then one process is stopped during traffic, and
 * Redis, then the store, are taken away for 10 s each while both processes serve steady traffic.
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster(
    {
      // the sweep every second in each process (one at a time sweeps)
      IMAGE_SWEEP_INTERVAL_SECONDS: '1',
      // the sixth wrong password in a row is refused (the fifth locks the account for a second)
      AUTH_SIGN_IN_ACCOUNT_FREE_FAILURES: '4',
    },
    { partitionable: true },
  );
}, 120_000);
afterAll(() => cluster?.close());
// signed up through HAProxy (on whichever process), before any test
beforeAll(async () => {
  member = await signUpThroughBalancer();
});

const lb = (p: string, init?: Parameters<ReturnType<typeof requestOver>>[1]) =>
  requestOver(cluster.url)(p, { signal: AbortSignal.timeout(15_000), ...init });
const servedBy = (res: TestResponse) => res.headers.get('x-served-by');
const origin = () => ({ origin: cluster.url });

interface Member {
  email: string;
  password: string;
  cookie: string;
  token: string;
}
let member: Member;

async function signUpThroughBalancer(): Promise<Member> {
  const email = `member-${Date.now().toString(36)}@example.com`;
  const password = 'Secret12';
  const res = await lb('/api/auth/sign-up/email', {
    headers: origin(),
    json: { name: 'Casey Cluster', email, password, image: 'https://example.com/me.png' },
  });
  expect(res.status).toBe(200);
  const cookie = cookiesOf(res);
  // as if the link of the welcome mail was opened (that mail is tested in auth/): may list pets
  await cluster.database.db.execute(
    sql`update "user" set email_verified = true where email = ${email}`,
  );
  const jwt = await lb('/api/jwt', { method: 'POST', headers: { cookie, ...origin() } });
  expect(jwt.status).toBe(200);
  return { email, password, cookie, token: jwt.body.token as string };
}

describe('two processes behind HAProxy', () => {
  it('signs a member up and in on one process; the next requests land on both and stay signed in', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        lb('/api/auth/get-session', { headers: { cookie: member.cookie } }),
      ),
    );
    for (const res of answers) expect(res.body?.user?.email).toBe(member.email);
    expect(new Set(answers.map(servedBy))).toEqual(new Set(['app1', 'app2']));
    const tokens = await Promise.all(
      Array.from({ length: 4 }, () => lb('/api/user/pets', { token: member.token })),
    );
    expect(tokens.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(tokens.map(servedBy))).toEqual(new Set(['app1', 'app2']));
    // signing in again (another device) on one process: that session holds on both too
    const signIn = await lb('/api/auth/sign-in/email', {
      headers: origin(),
      json: { email: member.email, password: member.password },
    });
    expect(signIn.status).toBe(200);
    const device = cookiesOf(signIn);
    const onDevice = await Promise.all(
      Array.from({ length: 4 }, () => lb('/api/auth/get-session', { headers: { cookie: device } })),
    );
    for (const res of onDevice) expect(res.body?.user?.email).toBe(member.email);
    expect(new Set(onDevice.map(servedBy))).toEqual(new Set(['app1', 'app2']));
  });

  it('keeps idle connections to HAProxy open longer than it does; HAProxy hides that hint from clients', async () => {
    for (const app of cluster.apps) {
      const hint = (await fetch(`${app.url}/api/health`)).headers.get('keep-alive');
      expect(hint).toBe(`timeout=${KEEP_ALIVE_SECONDS}`);
    }
    const throughProxy = await lb('/api/health');
    expect(throughProxy.status).toBe(200);
    expect(throughProxy.headers.get('keep-alive')).toBeNull();
  });

  it('serves an uploaded picture and a new pet from both processes', async () => {
    const picture = await uploadPicture({ request: lb }, member.token, { width: 500, height: 300 });
    const pet = await addPetVia({ request: lb }, member.token, { petImage: picture });
    for (const app of cluster.apps) {
      const image = await fetch(`${app.url}${picture}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const details = await requestOver(app.url)(`/api/pets/${pet._id}`);
      expect(details.status).toBe(200);
      expect(details.body.petImage).toBe(picture);
    }
  });

  it("answers the spec's too-many-attempts to the sixth wrong password, spread over both processes", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await lb('/api/auth/sign-in/email', {
          headers: origin(),
          json: { email: member.email, password: `Wrong${i}xyz` },
        }),
      );
    }
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(new Set(answers.map(servedBy))).toEqual(new Set(['app1', 'app2']));
    expect(answers[5]!.body.message).toMatch(/^Too many failed sign-ins for this account\./);
  });

  it('records fifty concurrent donations to a capped campaign exactly once, on both processes', async () => {
    const { startPayment, confirm, record, ledger } = paymentsVia({
      request: lb,
      database: cluster.database,
    });
    const campaign = await createCampaignVia({ request: lb }, member.token, {
      maxDonationAmount: 400,
    });
    const donors = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createUser(cluster.database.db, { name: `Donor ${i}` })),
    );
    const started = await Promise.all(donors.map((d) => startPayment(d.token, campaign._id, 10)));
    expect(started.filter((r) => r.status === 200)).toHaveLength(40);
    expect(started.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(new Set(started.map(servedBy))).toEqual(new Set(['app1', 'app2']));
    const paid = await Promise.all(
      started.flatMap((res, i) => {
        if (res.status !== 200) return [];
        const intent = res.body as StartedPayment;
        const donor = donors[i]!;
        const body = {
          donationId: campaign._id,
          amount: 10,
          paymentIntentId: intent.paymentIntentId,
        };
        // a double click: confirmed twice and reported twice, on whichever process
        return [
          confirm(donor.token, intent, testCard()),
          confirm(donor.token, intent, testCard()).then(() => record(donor.token, body)),
        ];
      }),
    );
    expect(paid.every((r) => r.status === 200)).toBe(true);
    expect(await ledger(campaign._id)).toEqual({ raised: 40000, sum: 40000, n: 40, intents: 40 });
  });

  it('sweeps on both processes, deleting only true orphans, each once', async () => {
    const upload = () => uploadPicture({ request: lb }, member.token, { width: 500, height: 300 });
    const orphans = [await upload(), await upload(), await upload()];
    const fresh = await upload();
    const used = await upload();
    await addPetVia({ request: lb }, member.token, { petImage: used });
    // three unused and one used picture uploaded two hours ago (past the 60-minute grace period)
    const idOf = (url: string) => url.slice('/api/images/'.length, '/api/images/'.length + 64);
    const aged = [...orphans, used].map(idOf);
    await cluster.database.db.execute(
      sql`update images set created_at = now() - interval '2 hours' where id in (${sql.join(
        aged.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const status = async (url: string, app: (typeof cluster.apps)[number]) =>
      (await fetch(`${app.url}${url}`)).status;
    await until(
      async () => {
        for (const url of orphans)
          for (const app of cluster.apps) if ((await status(url, app)) !== 404) return false;
        return true;
      },
      20_000,
      'the sweep to delete the orphans',
    );
    for (const app of cluster.apps) {
      expect(await status(used, app)).toBe(200);
      expect(await status(fresh, app)).toBe(200);
    }
    // each process logs what its sweeps deleted (a log line may come a moment after the rows go)
    const deleted = () =>
      cluster.apps
        .flatMap((a) => a.logs)
        .map(parseLogLine)
        .filter((entry) => entry.msg === 'Unused images deleted')
        .reduce((sum, entry) => sum + (entry.count ?? 0), 0);
    await until(() => deleted() >= 3, 10_000, 'the sweeps to log what they deleted');
    expect(deleted()).toBe(3);
    // every stored file of the orphans is gone from the bucket too
    const left = await listBucket(cluster);
    for (const id of orphans.map(idOf))
      expect(left.filter((key) => key.startsWith(id))).toEqual([]);
    expect(left.some((key) => key.startsWith(idOf(used)))).toBe(true);
  });
});

/** One line of a process's JSON log (pino), or nothing of use. */
function parseLogLine(line: string): {
  msg?: string;
  count?: number;
  path?: string;
  status?: number;
  time?: number;
  durationMs?: number;
} {
  try {
    return JSON.parse(line) as ReturnType<typeof parseLogLine>;
  } catch {
    return {};
  }
}

/** Every object key in the store's bucket (s3rver keeps them as files; listed through S3). */
async function listBucket(c: Cluster): Promise<string[]> {
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: c.s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: c.s3.bucket, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.NextContinuationToken;
  } while (token);
  s3.destroy();
  return keys;
}

/**
 * Steady traffic through HAProxy until stopped: readers of the pet list, members adding pets
 * (acknowledged ones are kept), uploads, reading a picture, and signing in. Every answer either
 * works or is a 503 with the catalogue's body; anything else is kept as a failure.
 */
function steadyTraffic(picture: string) {
  let running = true;
  const failures: string[] = [];
  const acknowledgedPets: string[] = [];
  const acknowledgedPictures: string[] = [];
  let answered = 0;
  let unavailable = 0;
  const judge = (what: string, res: TestResponse, ok: number) => {
    answered += 1;
    if (res.status === ok) return true;
    if (res.status === 503 && res.body?.code === 'SERVICE_UNAVAILABLE' && res.body?.message) {
      unavailable += 1;
      return false;
    }
    failures.push(`${what}: ${res.status} ${res.text.slice(0, 200)} (${servedBy(res)})`);
    return false;
  };
  const loop = async (what: string, step: (i: number) => Promise<void>) => {
    for (let i = 0; running; i++) {
      try {
        await step(i);
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        failures.push(
          `${what} failed at ${new Date().toISOString()}: ${(err as Error).message} (${cause?.code ?? cause?.message})`,
        );
      }
    }
  };
  const loops = [
    loop('GET /api/pets', async () => {
      judge('GET /api/pets', await lb('/api/pets?page=1&limit=12'), 200);
    }),
    loop('POST /api/add-pet', async (i) => {
      const res = await lb('/api/add-pet', {
        token: member.token,
        json: petBody(picture, { petName: `Steady ${i}` }),
      });
      if (judge('POST /api/add-pet', res, 201)) acknowledgedPets.push(res.body._id as string);
    }),
    loop('POST /api/images', async () => {
      const res = await lb('/api/images', {
        method: 'POST',
        token: member.token,
        body: await pictureForm(),
      });
      if (judge('POST /api/images', res, 201)) acknowledgedPictures.push(res.body.data.display_url);
    }),
    loop(`GET ${picture}`, async () => {
      judge(`GET ${picture}`, await lb(picture), 200);
    }),
    loop('POST /api/auth/sign-in/email', async () => {
      const res = await lb('/api/auth/sign-in/email', {
        headers: origin(),
        json: { email: member.email, password: member.password },
      });
      judge('POST /api/auth/sign-in/email', res, 200);
    }),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { failures, acknowledgedPets, acknowledgedPictures, answered, unavailable };
    },
  };
}

const pictureForm = async () => imageForm(await distinctPng(64, 48));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each acknowledged pet is a row, each acknowledged picture is served. */
async function expectAcknowledgedWrites(outcome: {
  acknowledgedPets: string[];
  acknowledgedPictures: string[];
}) {
  const ids = outcome.acknowledgedPets;
  expect(ids.length).toBeGreaterThan(0);
  const rows = await cluster.database.db.execute(
    sql`select count(*)::int as n from pets where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(ids.length);
  for (const url of outcome.acknowledgedPictures) expect((await lb(url)).status).toBe(200);
}

describe('a process stopped during traffic', () => {
  it('drains: no request fails, no acknowledged write is lost, HAProxy stops sending to it', async () => {
    // no sign-in lock left from the wrong passwords above
    await cluster.database.db.execute(sql`delete from sign_in_throttle`);
    const picture = await uploadPicture({ request: lb }, member.token, { width: 500, height: 300 });
    const traffic = steadyTraffic(picture);
    await pause(500);
    const [stopped, other] = cluster.apps as [Cluster['apps'][0], Cluster['apps'][0]];
    const code = await stopped.stop('SIGTERM');
    const outcome = await traffic.stop();
    // started again whatever is found below, so that the next tests have both processes
    onTestFinished(async () => {
      if (stopped.running()) return;
      await stopped.start();
      await untilBothInRotation(cluster.url, 15_000, 'the stopped process back in rotation');
    });
    expect(code).toBe(0);
    // HAProxy took it out on its health check, before it closed: after 'Draining' it answered
    // /api/ready 503 twice (fall 2), and no user request began after that
    const entries = stopped.logs.map(parseLogLine);
    const draining = entries.findIndex((e) => e.msg?.startsWith('Draining'));
    expect(draining).toBeGreaterThan(-1);
    const requests = entries.slice(draining).filter((e) => e.msg === 'request');
    const notReady = requests.flatMap((e, i) =>
      e.path === '/api/ready' && e.status === 503 ? [i] : [],
    );
    expect(notReady.length).toBeGreaterThanOrEqual(2);
    // (a request is logged when it ends: one that began before may end after; 100 ms for HAProxy
    // to read the check's answer on a busy machine)
    const outOfRotation = requests[notReady[1]!]!.time!;
    expect(
      requests.filter(
        (e) => e.path !== '/api/ready' && e.time! - (e.durationMs ?? 0) > outOfRotation + 100,
      ),
    ).toEqual([]);
    expect(outcome.failures).toEqual([]);
    expect(outcome.unavailable).toBe(0);
    await expectAcknowledgedWrites(outcome);
    const after = await Promise.all(Array.from({ length: 6 }, () => lb('/api/pets?page=1')));
    expect(after.map((r) => [r.status, servedBy(r)])).toEqual(
      Array.from({ length: 6 }, () => [200, other.name]),
    );
    // back in rotation once started again
    await stopped.start();
    await untilBothInRotation(
      cluster.url,
      15_000,
      'HAProxy to send requests to the restarted process',
    );
  });
});

describe('Redis, then the object store, unreachable for 10 s under steady traffic', () => {
  it('every request works or answers a clear 503; nothing crashes; both recover without a restart', async () => {
    const picture = await uploadPicture({ request: lb }, member.token, { width: 500, height: 300 });
    const traffic = steadyTraffic(picture);
    const readyChecks = async () =>
      Promise.all(
        cluster.apps.map(
          async (app) =>
            readinessSchema.parse(await (await fetch(`${app.url}/api/ready`)).json()).checks,
        ),
      );

    await cluster.redis.stop();
    await pause(10_000);
    expect((await readyChecks()).map((c) => c.redis)).toEqual(['unreachable', 'unreachable']);
    await cluster.redis.start();
    await until(
      async () => (await readyChecks()).every((c) => c.redis === 'ok'),
      15_000,
      'Redis to be reported reachable again',
    );

    await cluster.s3.stop();
    await pause(10_000);
    expect((await readyChecks()).map((c) => c.storage)).toEqual(['unreachable', 'unreachable']);
    await cluster.s3.start();
    await until(
      async () => (await readyChecks()).every((c) => c.storage === 'ok'),
      15_000,
      'the store to be reported reachable again',
    );

    const outcome = await traffic.stop();
    expect(outcome.failures).toEqual([]);
    // the store's outage was seen: uploads and pictures answered 503 meanwhile
    expect(outcome.unavailable).toBeGreaterThan(0);
    for (const app of cluster.apps) expect(app.running()).toBe(true);
    await expectAcknowledgedWrites(outcome);

    // recovered: each kind of request works again on both processes
    for (let i = 0; i < 2; i++) {
      expect((await lb('/api/pets?page=1')).status).toBe(200);
      expect((await lb(picture)).status).toBe(200);
      const upload = await lb('/api/images', {
        method: 'POST',
        token: member.token,
        body: await pictureForm(),
      });
      expect(upload.status).toBe(201);
      const signIn = await lb('/api/auth/sign-in/email', {
        headers: origin(),
        json: { email: member.email, password: member.password },
      });
      expect(signIn.status).toBe(200);
    }
  });
});

describe('PostgreSQL unreachable (a silent partition) for 6 s under steady traffic', () => {
  it('every request works or answers a clear 503, from a process or from HAProxy; both recover', async () => {
    const picture = await uploadPicture({ request: lb }, member.token, { width: 500, height: 300 });
    const traffic = steadyTraffic(picture);
    await pause(500);
    cluster.databaseLink!.silence();
    // both processes answer 503 on /api/ready, so HAProxy takes both out and answers itself
    await until(
      async () => {
        const res = await lb('/api/pets?adopted=false');
        return res.status === 503 && servedBy(res) === null;
      },
      15_000,
      'HAProxy to answer for processes that cannot reach their database',
    );
    await pause(6_000);
    cluster.databaseLink!.heal();
    await untilBothInRotation(cluster.url, 20_000, 'both processes back in rotation');
    const outcome = await traffic.stop();
    expect(outcome.failures).toEqual([]);
    expect(outcome.unavailable).toBeGreaterThan(0);
    for (const app of cluster.apps) expect(app.running()).toBe(true);
    await expectAcknowledgedWrites(outcome);
    const after = await lb('/api/add-pet', {
      token: member.token,
      json: petBody(picture, { petName: 'After the partition' }),
    });
    expect(after.status).toBe(201);
  });
});
