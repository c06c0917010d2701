/**
 * Donations on one hot campaign: 50 donors (BENCH_DONORS) give again and again to the same
 * campaign for BENCH_SECONDS, then as long each to a campaign of their own (the same work without
 * a hot row, in the same run), each as the donate dialog does with the built-in test provider
 * (create-payment, confirm on the test card form, record), against the built app started as
 * `npm start` starts it, on PostgreSQL (a scratch database made and dropped by the run) and, unless
 * BENCH_PGLITE=0, on PGlite. Answers recorded donations per second, each donation's whole flow
 * p50/p99, the CPU each process spent per donation (the app, PostgreSQL's processes, this load
 * generator), the app's peak memory, and checks the money: raised = sum of donations = sum of the
 * succeeded payments, one donation per payment. Before the measured phases the same load runs
 * for BENCH_WARMUP_SECONDS (6), half on the hot campaign, half on the donors' own, not counted:
 * a fresh app's first seconds are slower (JIT, heap, prepared statements).
 *
 * Before the app starts, the site gets a past: BENCH_HISTORY donations (1,000,000; 0 for none),
 * each with its succeeded payment, given by the same donors over BENCH_HISTORY_CAMPAIGNS other
 * campaigns (100,000), so a statement whose cost follows the number of payments or donations
 * shows here. The hot campaign has a recent past too: BENCH_HOT_PAST donations (100,000; 0 for
 * none) made in the five minutes before the run, their payments still inside the test provider's
 * ten-minute reservation window, as on a campaign that has been popular for a while (decision 052).
 * The gazetteer of distance search is loaded then too, as on a site that started before (the app
 * loads it at its first start otherwise, and autovacuum then reads it during the measured phases).
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:donations
 *   BENCH_DONORS=50 BENCH_SECONDS=10 BENCH_WARMUP_SECONDS=6 BENCH_PGLITE=0 ...
 *   BENCH_HISTORY=0 BENCH_HOT_PAST=0 BENCH_CPU_PROF=/tmp/profiles ...
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { recordDonationAnswerSchema } from '@pet-haven/shared/payments';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { campaigns, images, session, user } from '../src/db/schema/index';
import { issueAccessToken } from '../src/auth/token';
import { databaseErrorCode } from '../src/lib/errors';
import {
  cpuMsOf,
  memoryOf,
  postgresCpuMs,
  postmasterOf,
  sampleRss,
  startArgs,
  startServer,
} from './app-process';
import { loadGazetteer, onScratchDatabase } from './bench-app';
import { percentile } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 6);
if (!(WARMUP_SECONDS >= 0)) throw new Error('BENCH_WARMUP_SECONDS: a number of seconds, 0 or more');
const DONORS = Number(process.env.BENCH_DONORS ?? 50);
export const AUTH_SECRET = randomBytes(32).toString('hex');
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1_000_000);
const HISTORY_CAMPAIGNS = Number(process.env.BENCH_HISTORY_CAMPAIGNS ?? 100_000);
const HOT_PAST = Number(process.env.BENCH_HOT_PAST ?? 100_000);
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Node flags that make the app write its CPU profile into BENCH_CPU_PROF as it stops. */
const profiling = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];

interface Donor {
  token: string;
  /** A campaign only this donor gives to (the baseline without a hot row). */
  own: string;
}

/**
 * The hot campaign (no maximum in reach), the donors with their sessions and access tokens, a
 * campaign of each donor's own, and the site's past (`fillHistory`).
 */
export async function prepare(database: DatabaseHandle) {
  await database.migrate();
  const db = database.db;
  const ownerId = randomUUID();
  await db.insert(user).values({ id: ownerId, name: 'Bench Owner', email: 'owner@example.com' });
  const pictureId = randomBytes(32).toString('hex');
  await db.insert(images).values({ id: pictureId, width: 1600, height: 1200 });
  const campaignOf = async (petName: string) => {
    const [row] = await db
      .insert(campaigns)
      .values({
        ownerId,
        pictureId,
        petName,
        maxDonationCents: 2_000_000_000,
        lastDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        shortDescription: 'Donors give here.',
        longDescription: 'A campaign the bench donors give to.',
      })
      .returning({ id: campaigns.id });
    return row!.id;
  };
  const hot = await campaignOf('Hot campaign');
  const donors: Donor[] = [];
  const donorIds: string[] = [];
  for (let i = 0; i < DONORS; i += 1) {
    const id = randomUUID();
    donorIds.push(id);
    const email = `donor${i}@example.com`;
    await db.insert(user).values({ id, name: `Donor ${i}`, email, emailVerified: true });
    const sid = randomUUID();
    await db.insert(session).values({
      id: sid,
      userId: id,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    donors.push({
      token: issueAccessToken({ sub: id, sid, email }, AUTH_SECRET).token,
      own: await campaignOf(`Campaign of donor ${i}`),
    });
  }
  const historyMs = await fillHistory(database, ownerId, pictureId, donorIds, hot);
  await loadGazetteer(database);
  await database.maintenance(async (db) => {
    // what was written so far on disk before the app starts, as a site's past is: a checkpoint
    // due after a fill this size would likely write it out during the measured phases
    try {
      await db.execute(sql.raw('checkpoint'));
    } catch (err) {
      // CHECKPOINT needs a superuser or the pg_checkpoint role (42501: insufficient privilege)
      if (databaseErrorCode(err) !== '42501') throw err;
      console.warn(
        'bench:donations: no CHECKPOINT for this role; the fill may be written meanwhile',
      );
    }
  });
  return { hot, donors, historyMs };
}

/**
 * The site's past: HISTORY donations with their succeeded payments, by the donors, spread over
 * HISTORY_CAMPAIGNS campaigns of their own, and HOT_PAST on the `hot` campaign in the last five
 * minutes (the raised amounts kept), then VACUUM ANALYZE. Answers the milliseconds it took.
 */
async function fillHistory(
  database: DatabaseHandle,
  ownerId: string,
  pictureId: string,
  donorIds: string[],
  hot: string,
) {
  const started = performance.now();
  if (HISTORY === 0 && HOT_PAST === 0) return 0;
  if (HISTORY > 0 && HISTORY_CAMPAIGNS < 1) {
    throw new Error('BENCH_HISTORY_CAMPAIGNS: at least 1 with a past');
  }
  // about 2,600 cents each: room left under the campaign's maximum (2,000,000,000) for the run
  if (HOT_PAST > 500_000) throw new Error('BENCH_HOT_PAST: at most 500,000');
  const donorList = sql.raw(`array[${donorIds.map((id) => `'${id}'`).join(',')}]`);
  await database.maintenance(async (db) => {
    if (HISTORY > 0) {
      await db.execute(sql`
        insert into campaigns (owner_id, picture_id, pet_name, max_donation_cents, last_date,
          short_description, long_description, created_at)
        select ${ownerId}, ${pictureId}, 'Past campaign ' || g, 2000000000, current_date + 30,
          'Donors gave here.', 'A campaign with donations in the past.',
          now() - (g || ' minutes')::interval
        from generate_series(1, ${HISTORY_CAMPAIGNS}) as g`);
      await db.execute(sql`
        insert into payment_intents (id, provider, campaign_id, donor_id, amount_cents,
          client_secret, status, expires_at, created_at, updated_at)
        select 'pi_history_' || g, 'test', c.id, (${donorList})[g % ${donorIds.length} + 1],
          100 + g % 5000, 'history', 'succeeded', now() - (g || ' seconds')::interval,
          now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
        from generate_series(1, ${HISTORY}) as g
        join (select row_number() over (order by id) as n, id from campaigns
          where pet_name like 'Past campaign %') as c on c.n = g % ${HISTORY_CAMPAIGNS} + 1`);
    }
    // taken within the reservation window (ten minutes for the test provider), just before the
    // app starts: still counted by a plan that does not keep to the payments under way
    const ago = sql.raw(`make_interval(secs => 300.0 * g / ${Math.max(HOT_PAST, 1)})`);
    await db.execute(sql`
      insert into payment_intents (id, provider, campaign_id, donor_id, amount_cents,
        client_secret, status, expires_at, created_at, updated_at)
      select 'pi_hot_past_' || g, 'test', ${hot}::uuid, (${donorList})[g % ${donorIds.length} + 1],
        100 + g % 5000, 'history', 'succeeded', now() - ${ago} + interval '10 minutes',
        now() - ${ago}, now() - ${ago}
      from generate_series(1, ${HOT_PAST}) as g`);
    await db.execute(sql`
      insert into donations (campaign_id, donor_id, amount_cents, payment_intent_id, created_at)
      select campaign_id, donor_id, amount_cents, id, created_at from payment_intents
      where client_secret = 'history' order by created_at`);
    await db.execute(sql`
      update campaigns c set raised_cents = d.raised
      from (select campaign_id, sum(amount_cents)::int as raised from donations group by 1) d
      where d.campaign_id = c.id`);
    for (const table of ['campaigns', 'payment_intents', 'donations']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  });
  return Math.round(performance.now() - started);
}

/** Milliseconds of each step of one donation. */
interface Steps {
  create: number;
  confirm: number;
  record: number;
}

// the load generator shares the machine's two CPUs with the app and PostgreSQL: node:http with
// kept-alive sockets costs it a fraction of what fetch costs per request
const agent = new http.Agent({ keepAlive: true, maxSockets: DONORS * 2 });

/** POSTs `body` as JSON with the donor's token; answers the status and the parsed answer. */
function post(base: string, donor: Donor, url: string, body: object) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${donor.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status !== 200) reject(new Error(`${url}: ${status} ${text}`));
          else resolve({ status, body: text ? (JSON.parse(text) as unknown) : null });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * One donation as the donate dialog makes it; answers how long each step took. Like the dialog, it
 * reports the payment (POST /api/donations/record) only when the card form's answer does not say
 * the donation is recorded already (the test provider's confirm records it; code before it did not
 * say so).
 */
export async function donate(base: string, donor: Donor, campaignId: string): Promise<Steps> {
  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - t;
    t = now;
    return ms;
  };
  const started = await post(base, donor, '/api/create-payment', {
    donationCampaignId: campaignId,
    donationAmount: 1.25,
  });
  const intent = started.body as { paymentIntentId: string; clientSecret: string };
  const create = lap();
  const confirmed = await post(
    base,
    donor,
    `/api/test-payments/${intent.paymentIntentId}/confirm`,
    {
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    },
  );
  const confirm = lap();
  if (recordDonationAnswerSchema.safeParse(confirmed.body).success) {
    return { create, confirm, record: 0 };
  }
  await post(base, donor, '/api/donations/record', {
    paymentIntentId: intent.paymentIntentId,
    donationId: campaignId,
    amount: 1.25,
  });
  return { create, confirm, record: lap() };
}

/**
 * The postmaster of the PostgreSQL server `database` is on, or null if its processes are not
 * found on this machine.
 */
async function postmasterFor(database: DatabaseHandle) {
  const result = await database.db.execute(sql`select pg_backend_pid() as pid`);
  const [row] = (result as unknown as { rows: { pid: number }[] }).rows;
  return postmasterOf(Number(row!.pid));
}

/** The campaign's money straight from the database. */
async function ledger(database: DatabaseHandle, campaignId: string) {
  const rows = await database.db.execute(sql`
    select c.raised_cents::bigint as raised,
      (select coalesce(sum(amount_cents), 0)::bigint from donations d where d.campaign_id = c.id) as donations,
      (select count(*)::int from donations d where d.campaign_id = c.id) as n,
      (select coalesce(sum(amount_cents), 0)::bigint from payment_intents p
        where p.campaign_id = c.id and p.status = 'succeeded') as paid,
      (select count(*)::int from payment_intents p
        where p.campaign_id = c.id and p.status = 'succeeded') as payments
    from campaigns c where c.id = ${campaignId}`);
  const [row] = (rows as unknown as { rows: Record<string, string | number>[] }).rows;
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

interface Figures {
  campaigns: string;
  rate: number;
  /** CPU milliseconds per recorded donation: the app's process (every thread), the PostgreSQL
   * server's processes (null on PGlite, which runs inside the app, or when the server's
   * processes are not found on this machine), this one's */
  appCpu: number;
  postgresCpu: number | null;
  clientCpu: number;
  recorded: number;
  failures: number;
  p50: number;
  p99: number;
}

/**
 * Every donor donating again and again for `seconds`, to `campaignOf(donor)`; `postmaster` is the
 * PostgreSQL server's (`postmasterOf`) when its CPU is to be read, `label` names the phase in a
 * failure's report.
 */
async function measure(
  label: string,
  app: { base: string; pid: number },
  postmaster: number | null,
  donors: Donor[],
  campaignOf: (d: Donor) => string,
  seconds = SECONDS,
) {
  const times: number[] = [];
  let failures = 0;
  let firstError: unknown;
  const appCpuBefore = cpuMsOf(app.pid);
  const postgresCpuBefore = postmaster === null ? 0 : postgresCpuMs(postmaster);
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    donors.map(async (donor) => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await donate(app.base, donor, campaignOf(donor));
          times.push(performance.now() - t);
        } catch (err) {
          failures += 1;
          firstError ??= err;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const appCpu = cpuMsOf(app.pid) - appCpuBefore;
  const postgresCpu = postmaster === null ? null : postgresCpuMs(postmaster) - postgresCpuBefore;
  if (firstError) console.error(`${label}: ${failures} failed; the first:`, firstError);
  times.sort((a, b) => a - b);
  return {
    rate: Math.round(times.length / elapsed),
    recorded: times.length,
    appCpu: appCpu / times.length,
    postgresCpu: postgresCpu === null ? null : postgresCpu / times.length,
    clientCpu: (clientCpu.user + clientCpu.system) / 1000 / times.length,
    failures,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
  };
}

async function run(kind: 'postgres' | 'pglite', databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-donations-'));
  try {
    const open = () =>
      openDatabase(
        databaseUrl
          ? { kind: 'postgres', url: databaseUrl, poolSize: 2 }
          : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
      );
    let database = await open();
    const { hot, donors, historyMs, postmaster } = await (async () => {
      try {
        const prepared = await prepare(database);
        // the PostgreSQL server's processes, whose CPU each phase reads (PGlite runs in the app)
        return {
          ...prepared,
          postmaster: kind === 'postgres' ? await postmasterFor(database) : null,
        };
      } finally {
        await database.close();
      }
    })();
    if (HISTORY > 0 || HOT_PAST > 0) {
      console.log(
        `${kind}: ${HISTORY.toLocaleString('en')} past donations on ${HISTORY_CAMPAIGNS.toLocaleString('en')} campaigns and ${HOT_PAST.toLocaleString('en')} on the hot one in the last five minutes, filled in ${(historyMs / 1000).toFixed(1)} s`,
      );
    }
    const app = await startServer(
      [...profiling, ...startArgs()],
      {
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        AUTH_SECRET,
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      },
      '/api/pets?limit=1',
    );
    const stopSampling = sampleRss(app.pid);
    const rows: Figures[] = [];
    let peak = 0;
    let hwm = 0;
    try {
      // the load itself first, not measured, each way: the JIT compiles the hot paths, the heap
      // grows to its working size and the statements are prepared (the first of two measured
      // phases after a round each ran slower, either way round, on more of the app's CPU)
      const warmups: Array<[string, (d: Donor) => string]> = [
        ['warm-up (hot)', () => hot],
        ['warm-up (own)', (d) => d.own],
      ];
      for (const [label, campaignOf] of warmups) {
        const warm = await measure(label, app, postmaster, donors, campaignOf, WARMUP_SECONDS / 2);
        if (warm.failures > 0) throw new Error(`${label}: ${warm.failures} donations failed`);
      }
      // one donor alone: what each step costs without waiting for others
      const alone: Steps[] = [];
      for (let i = 0; i < 100; i += 1) alone.push(await donate(app.base, donors[0]!, hot));
      const median = (k: keyof Steps) =>
        percentile(
          alone.map((s) => s[k]).sort((a, b) => a - b),
          50,
        ).toFixed(1);
      const recorded = alone.every((s) => s.record === 0)
        ? 'recorded by the confirm'
        : `record ${median('record')} ms`;
      console.log(
        `${kind}, one donor alone: create-payment p50 ${median('create')} ms, confirm ${median('confirm')} ms, ${recorded}`,
      );
      rows.push({
        campaigns: 'one (hot)',
        ...(await measure('one (hot)', app, postmaster, donors, () => hot)),
      });
      rows.push({
        campaigns: 'one per donor',
        ...(await measure('one per donor', app, postmaster, donors, (d) => d.own)),
      });
    } finally {
      peak = stopSampling();
      hwm = memoryOf(app.pid).hwm;
      await app.stop();
    }
    database = await open();
    const books = await Promise.all(
      [hot, ...donors.map((d) => d.own)].map((id) => ledger(database, id)),
    ).finally(() => database.close());
    const exact = books.every(
      (m) => m.raised === m.donations && m.donations === m.paid && m.n === m.payments,
    );
    const hotBook = books[0]!;
    console.log(
      `\n${kind}: ${DONORS} donors, ${SECONDS} s each way, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; peak RSS ${Math.round(peak)} MiB (VmHWM ${Math.round(hwm)})`,
    );
    console.table(
      rows.map((r) => ({
        campaigns: r.campaigns,
        'donations/s': r.rate,
        recorded: r.recorded,
        failures: r.failures,
        'flow p50 ms': r.p50,
        'flow p99 ms': r.p99,
        'CPU ms app': r.appCpu.toFixed(2),
        'CPU ms postgres':
          r.postgresCpu !== null
            ? r.postgresCpu.toFixed(2)
            : kind === 'pglite'
              ? '(in the app)'
              : "n/a (the server's processes not found)",
        'CPU ms bench': r.clientCpu.toFixed(2),
      })),
    );
    console.log(
      `raised = donations = succeeded payments, one donation each, on all ${books.length} campaigns: ${exact ? 'yes' : 'NO'} (hot campaign: ${hotBook.raised} cents, ${hotBook.n} donations)`,
    );
    if (!exact) throw new Error(`The money does not add up: ${JSON.stringify(books)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (url) await onScratchDatabase(url, (scratch) => run('postgres', scratch));
  if (process.env.BENCH_PGLITE !== '0') await run('pglite', undefined);
  agent.destroy();
}

if (process.argv[1]?.endsWith('donations.bench.ts'))
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
