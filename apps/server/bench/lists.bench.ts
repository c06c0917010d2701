/**
 * The public lists at size, side by side with a bare `node:http` + `pg` server running the same
 * SQL (bench/bare-server.ts), on PostgreSQL: for each number of pets (1,000, 100,000 and
 * 1,000,000 unless BENCH_SIZES says), with 100,000 campaigns, at 10 and 64 connections.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:lists
 *   BENCH_SIZES=1000,100000 BENCH_CONNECTIONS=10,64 BENCH_ROUNDS=5 BENCH_SECONDS=2 ...
 *   BENCH_CAMPAIGNS=100000 ...
 *   BENCH_CPU_PROF=/tmp/profiles ...   # every server writes a V8 CPU profile there as it stops
 *   BENCH_ALLOC_PROF=/tmp/profiles ... # and where it allocated (bench/allocation-profile.mjs)
 *   BENCH_HONO=1 ...   # also the bare server's answers sent through Hono (bare-server.ts)
 *   BENCH_SCENARIOS=search,campaigns ...   # only the scenarios whose names start so
 *
 * For each size: a scratch database (created and dropped by the run) is filled in this process,
 * the gazetteer of distance search included (as on a site that started before: a first start's
 * load is `bench:pages`' to measure, decision 054);
 * then the built app (started as `npm start` starts it, in a process of its own) and the bare
 * server take turns on the same requests: the public pet list, a category, a search, a deep page
 * (the page after the 80th percent of the public list, reached as the web reaches it: by the
 * cursor of the page before; with `page=n` beside it) and the campaign list's first page. The bare
 * server runs, for each request, the statements the app's services send for it, captured through
 * drizzle's logger. The app's resident memory is sampled throughout, and each
 * server's CPU time per request answered (user and system, from /proc) is read around every turn:
 * on this shared machine it moves less from run to run than the throughput does.
 *
 * Each line is measured in BENCH_ROUNDS rounds; in each, every server takes a turn of BENCH_SECONDS
 * on it, in an order swapped every round (app then bare, bare then app, ...). The machine's speed
 * drifts from minute to minute (other machines share its host): one turn each, the second server
 * of a line could meet another machine than the first. Each turn starts once PostgreSQL runs no
 * statement of the turn before (a deep page by number at 1,000,000 pets runs on for seconds after
 * its client has gone). A line's requests a second are the median over its rounds, its latencies
 * are over all of its rounds' requests, its CPU per request is over all of them too, and the app's
 * share of the bare server's throughput in each round is shown beside (`app/bare by round`).
 * Five rounds by default: the rounds of one line have put the app anywhere from 54 to 84 % of the
 * bare server on this machine (docs/benchmarks.md), too wide for the median of three.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { campaignListQuerySchema } from '@pet-haven/shared/campaigns';
import {
  LINK_HEADER,
  SEARCH_COUNT_CAP,
  TOTAL_COUNT_HEADER,
  TOTAL_EXCEEDS_HEADER,
} from '@pet-haven/shared/pagination';
import { petListQuerySchema } from '@pet-haven/shared/pets';
import { openDatabase } from '../src/db/client';
import type { AppDeps } from '../src/app-deps';
import { listPublic } from '../src/modules/campaigns/campaigns.service';
import { listPets } from '../src/modules/pets/pets.service';
import {
  cpuMsOf,
  memoryOf,
  sampleRss,
  startArgs,
  startServer,
  type ChildServer,
} from './app-process';
import type { BareAnswer } from './bare-server';
import { loadGazetteer, onScratchDatabase } from './bench-app';
import { capturingDatabase } from './captured-statements';
import { fillCampaigns } from './fill-campaigns';
import { fillPets } from './fill-pets';
import { loadGet, median, percentile, turnOrder } from './measure';

/** Rounds per line, and the seconds of each server's turn in a round (see above). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,64').split(',').map(Number);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** A third server: the bare server's answers through Hono on @hono/node-server (BARE_HTTP=hono). */
const WITH_HONO = process.env.BENCH_HONO === '1';
const ALLOC_PROF = process.env.BENCH_ALLOC_PROF;
/** The scenarios' names (`scenariosOf`); the two deep pages' names go on with the page's number. */
const SCENARIO = {
  list: 'public list',
  category: 'category=cat',
  search: 'search=luna',
  deep: 'deep page',
  campaigns: 'campaigns page 1',
};
const SCENARIO_NAMES = Object.values(SCENARIO);
/** Only the scenarios whose names start with one of these (BENCH_SCENARIOS=search,campaigns). */
const ONLY = process.env.BENCH_SCENARIOS?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknownScenario = ONLY?.find((only) => !SCENARIO_NAMES.some((name) => name.startsWith(only)));
if (ONLY?.length === 0 || unknownScenario !== undefined) {
  throw new Error(
    `BENCH_SCENARIOS: no scenario's name starts with "${unknownScenario ?? ''}" (${SCENARIO_NAMES.join(', ')})`,
  );
}
/**
 * Node flags that make a server write its CPU profile into BENCH_CPU_PROF, and its allocation
 * profile into BENCH_ALLOC_PROF (with ALLOC_PROF_DIR in its environment), as it stops.
 */
const profiling = [
  ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : []),
  ...(ALLOC_PROF
    ? ['--import', fileURLToPath(new URL('./allocation-profile.mjs', import.meta.url))]
    : []),
];
/** The environment `profiling` needs. */
const profilingEnv = ALLOC_PROF ? { ALLOC_PROF_DIR: path.resolve(ALLOC_PROF) } : {};

/**
 * The statements the app's own service sends to answer `url`, in order, captured by drizzle's
 * logger on a connection of this process: the page's rows, then (where the list has a total) the
 * count. The route's own query schema parses the URL, as the app's route does; a name search is
 * counted only so far (decisions 041 and 047), as the service routes it.
 */
async function statementsOf(databaseUrl: string, url: string): Promise<BareAnswer> {
  const { db, logged, end } = capturingDatabase(databaseUrl);
  try {
    const deps = { database: { db }, now: () => new Date() } as unknown as AppDeps;
    const { pathname, searchParams } = new URL(url, 'http://bench');
    const query = Object.fromEntries(searchParams);
    let limit: number;
    if (pathname === '/api/pets') {
      const q = petListQuerySchema.parse(query);
      limit = q.limit;
      await listPets(deps, q);
    } else if (pathname === '/api/donation-campaigns') {
      const q = campaignListQuerySchema.parse(query);
      limit = q.limit;
      await listPublic(deps, q);
    } else {
      throw new Error(`No statements known for ${url}`);
    }
    // the page's statement orders its rows; the other one, if any, counts (a search's count has a
    // LIMIT too, decision 041, and none has an ORDER BY)
    const rows = logged.find((st) => /\border by\b/i.test(st.text))!;
    const total = logged.find((st) => st !== rows) ?? null;
    // The plain pet list always reads its total (the counters); the service's search path counts
    // only so far, with a LIMIT, and only when a page follows (decisions 041 and 047): such an
    // answer gets the service's cap, SEARCH_COUNT_CAP. (A distance search's first page counts in
    // its page statement: not one of these requests; the answers' check below would catch it.)
    const searched = pathname === '/api/pets' && (!total || /\blimit\b/i.test(total.text));
    return { rows, total, limit, ...(searched && { cap: SEARCH_COUNT_CAP }) };
  } finally {
    await end();
  }
}

interface Scenario {
  name: string;
  url: string;
}

/** The requests measured, the deep page's cursor found by asking the app for the page before. */
async function scenariosOf(app: ChildServer): Promise<Scenario[]> {
  const list = '/api/pets?adopted=false&limit=24';
  const total = Number((await fetch(`${app.base}${list}`)).headers.get(TOTAL_COUNT_HEADER));
  const deepPage = Math.max(2, Math.floor((total / 24) * 0.8));
  const before = await fetch(`${app.base}${list}&page=${deepPage - 1}`);
  const next = /^<([^>]+)>; rel="next"$/.exec(before.headers.get(LINK_HEADER) ?? '')?.[1];
  if (!next) throw new Error(`No next link after page ${deepPage - 1} of ${total} pets`);
  const all = [
    { name: SCENARIO.list, url: list },
    { name: SCENARIO.category, url: `${list}&category=cat` },
    { name: SCENARIO.search, url: `${list}&search=luna` },
    { name: `${SCENARIO.deep} ${deepPage} (by cursor)`, url: next },
    { name: `${SCENARIO.deep} ${deepPage} (page=${deepPage})`, url: `${list}&page=${deepPage}` },
    { name: SCENARIO.campaigns, url: '/api/donation-campaigns' },
  ];
  return ONLY ? all.filter((s) => ONLY.some((name) => s.name.startsWith(name))) : all;
}

interface Figures {
  /** The median over the rounds. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time per request answered, in milliseconds. */
  cpuMs: number;
  /** Requests a second in each round, in order. */
  rounds: number[];
}

/** One server's turn on a line: its requests' latencies, and its process's CPU time meanwhile. */
interface Turn {
  rps: number;
  times: number[];
  errors: number;
  cpuTotalMs: number;
}

/** Longest wait for the statements of a turn to end before the next turn starts. */
const QUIET_TIMEOUT_MS = 120_000;

/**
 * Resolves once no other session runs a statement on the scratch database: a load generator that
 * stops closes its connections, but the statements they asked for still run in PostgreSQL (a deep
 * page by number at 1,000,000 pets takes seconds), and would slow the next server's turn.
 */
async function quiet(database: pg.Client) {
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  for (;;) {
    const { rows } = await database.query<{ busy: number }>(
      `select count(*)::int as busy from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
          and backend_type = 'client backend'`,
    );
    if (rows[0]!.busy === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.busy} statements still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function turnOf(
  server: ChildServer,
  url: string,
  connections: number,
  database: pg.Client,
): Promise<Turn> {
  await quiet(database);
  const cpuBefore = cpuMsOf(server.pid);
  const { rps, times, errors } = await loadGet(`${server.base}${url}`, connections, SECONDS);
  return { rps, times, errors, cpuTotalMs: cpuMsOf(server.pid) - cpuBefore };
}

/** `a` as a percentage of `b`; n/a where `b` answered nothing (every request past the timeout). */
const share = (a: number, b: number) => (b > 0 ? `${Math.round((100 * a) / b)} %` : 'n/a');

function figuresOf(turns: Turn[]): Figures {
  const times = turns.flatMap((t) => t.times).sort((a, b) => a - b);
  const cpuTotalMs = turns.reduce((sum, t) => sum + t.cpuTotalMs, 0);
  return {
    rps: Math.round(median(turns.map((t) => t.rps))),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
    cpuMs: cpuTotalMs / Math.max(1, times.length),
    rounds: turns.map((t) => t.rps),
  };
}

/** Every server's figures on one line, over ROUNDS rounds in alternating order (see above). */
async function measureLine(
  servers: ChildServer[],
  url: string,
  connections: number,
  database: pg.Client,
): Promise<Figures[]> {
  const turns: Turn[][] = servers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of turnOrder(servers.length, round))
      turns[i]!.push(await turnOf(servers[i]!, url, connections, database));
  }
  return turns.map(figuresOf);
}

interface Row {
  pets: number;
  scenario: string;
  connections: number;
  app: Figures;
  bare: Figures;
  hono?: Figures;
  items: number;
}

async function runSize(databaseUrl: string, pets: number, rows: Row[], peaks: number[]) {
  await onScratchDatabase(databaseUrl, async (scratch) => {
    const database = await openDatabase({ kind: 'postgres', url: scratch, poolSize: 2 });
    try {
      await database.migrate();
      const fill = (await fillPets(database, pets)) + (await fillCampaigns(database, CAMPAIGNS));
      await loadGazetteer(database);
      console.error(`${pets} pets and ${CAMPAIGNS} campaigns filled in ${fill} ms`);
    } finally {
      await database.close();
    }
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-lists-'));
    const app = await startServer(
      [...profiling, ...startArgs()],
      { DATA_DIR: dataDir, DEMO_DATA: 'false', DATABASE_URL: scratch, ...profilingEnv },
      '/api/pets?limit=1',
    );
    const stopSampling = sampleRss(app.pid);
    // watches the scratch database between turns (quiet, above)
    const watcher = new pg.Client({ connectionString: scratch });
    watcher.on('error', (err) =>
      console.error('bench:lists: the watching connection failed:', err),
    );
    let bare: ChildServer | undefined;
    let hono: ChildServer | undefined;
    try {
      await watcher.connect();
      const scenarios = await scenariosOf(app);
      const answers: Record<string, BareAnswer> = {};
      for (const s of scenarios) answers[s.url] = await statementsOf(scratch, s.url);
      const file = path.join(dataDir, 'bare-queries.json');
      writeFileSync(file, JSON.stringify(answers));
      bare = await startServer(
        [...profiling, '--import', 'tsx', BARE_SERVER],
        { BARE_QUERIES: file, DATABASE_URL: scratch, ...profilingEnv },
        scenarios[0]!.url,
      );
      if (WITH_HONO) {
        hono = await startServer(
          [...profiling, '--import', 'tsx', BARE_SERVER],
          { BARE_QUERIES: file, DATABASE_URL: scratch, BARE_HTTP: 'hono', ...profilingEnv },
          scenarios[0]!.url,
        );
      }
      const servers = hono ? [app, bare, hono] : [app, bare];
      if (profiling.length > 0) {
        // which profile is whose; and the profilers' own cost is in every figure of this run
        console.error(
          `profiling (its cost included in the figures): app pid ${app.pid}, bare pid ${bare.pid}${hono ? `, hono pid ${hono.pid}` : ''}`,
        );
      }
      // all warm up (their JIT, PostgreSQL's plans and caches) on every request first
      for (const server of servers) {
        for (const s of scenarios) await loadGet(`${server.base}${s.url}`, 10, 1);
      }
      for (const s of scenarios) {
        const checks = await Promise.all(
          servers.map(async (server) => {
            const res = await fetch(`${server.base}${s.url}`);
            if (res.status !== 200) throw new Error(`${s.url} answered ${res.status}`);
            return {
              ids: ((await res.json()) as { id?: string; _id?: string }[]).map(
                (r) => r._id ?? r.id,
              ),
              total: res.headers.get(TOTAL_COUNT_HEADER),
              exceeds: res.headers.get(TOTAL_EXCEEDS_HEADER),
            };
          }),
        );
        const [appCheck, ...baselines] = checks;
        const differing = baselines.find((b) => JSON.stringify(b) !== JSON.stringify(appCheck));
        if (differing) {
          throw new Error(
            `The bare server answers ${s.url} otherwise than the app: ${JSON.stringify(differing)} against ${JSON.stringify(appCheck)}`,
          );
        }
        for (const connections of CONNECTIONS) {
          const [appFigures, bareFigures, honoFigures] = await measureLine(
            servers,
            s.url,
            connections,
            watcher,
          );
          rows.push({
            pets,
            scenario: s.name,
            connections,
            app: appFigures!,
            bare: bareFigures!,
            ...(honoFigures && { hono: honoFigures }),
            items: appCheck!.ids.length,
          });
          console.error(
            `${pets} pets, ${s.name}, ${connections} connections: app ${appFigures!.rps} req/s, bare ${bareFigures!.rps}${honoFigures ? `, hono ${honoFigures.rps}` : ''} (rounds: app ${appFigures!.rounds.join(' ')}, bare ${bareFigures!.rounds.join(' ')})`,
          );
        }
      }
    } finally {
      peaks.push(stopSampling(), memoryOf(app.pid).hwm);
      await bare?.stop();
      await hono?.stop();
      await app.stop();
      await watcher.end().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(
      '\nbench:lists: skipped (set DATABASE_URL to a PostgreSQL server: the bare baseline runs on pg)',
    );
    return;
  }
  const rows: Row[] = [];
  const peaks: number[] = [];
  for (const pets of SIZES) await runSize(databaseUrl, pets, rows, peaks);
  console.log(
    `\nThe app (npm start) and a bare node:http + pg server on the same SQL${WITH_HONO ? ' (hono: its answers through Hono)' : ''}, PostgreSQL, ${CAMPAIGNS} campaigns, each line ${ROUNDS} rounds of ${SECONDS} s per server (order swapped each round; req/s the median), ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(
    rows.map((r) => ({
      pets: r.pets,
      scenario: r.scenario,
      conns: r.connections,
      'app req/s': r.app.rps,
      'bare req/s': r.bare.rps,
      'app/bare': share(r.app.rps, r.bare.rps),
      'app/bare by round': r.app.rounds.map((rps, i) => share(rps, r.bare.rounds[i]!)).join(' '),
      'app p50': r.app.p50,
      'bare p50': r.bare.p50,
      'app p99': r.app.p99,
      'bare p99': r.bare.p99,
      'app CPU ms/req': r.app.cpuMs.toFixed(3),
      'bare CPU ms/req': r.bare.cpuMs.toFixed(3),
      ...(r.hono && {
        'hono req/s': r.hono.rps,
        'hono/bare': share(r.hono.rps, r.bare.rps),
        'hono CPU ms/req': r.hono.cpuMs.toFixed(3),
      }),
      items: r.items,
      errors: r.app.errors + r.bare.errors + (r.hono?.errors ?? 0),
    })),
  );
  const p50 = (pets: number, scenario: string, connections: number) =>
    rows.find(
      (r) => r.pets === pets && r.scenario.startsWith(scenario) && r.connections === connections,
    )?.app.p50;
  // both ratios are against the public list: none when BENCH_SCENARIOS left it out
  const listMeasured = rows.some((r) => r.scenario === SCENARIO.list);
  for (const connections of listMeasured ? CONNECTIONS : []) {
    const small = p50(SIZES[0]!, SCENARIO.list, connections);
    const large = p50(SIZES.at(-1)!, SCENARIO.list, connections);
    console.log(
      `${connections} connections: public list p50 at ${SIZES.at(-1)} pets / at ${SIZES[0]} pets = ${large} / ${small} ms`,
    );
    for (const pets of SIZES) {
      const deep = rows.find(
        (r) => r.pets === pets && r.scenario.includes('by cursor') && r.connections === connections,
      )?.app.p50;
      if (deep === undefined) continue;
      console.log(
        `  ${pets} pets: deep page (by cursor) p50 / page 1 p50 = ${deep} / ${p50(pets, SCENARIO.list, connections)} ms`,
      );
    }
  }
  console.log(`app peak RSS (sampled; VmHWM) per size: ${peaks.map(Math.round).join(', ')} MiB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
