/**
 * GET /api/pets with 100,000 pets: latency (p50/p95/p99) and throughput over HTTP with autocannon,
 * for the public list and its filters, the public pages, and the app's peak memory, with server
 * rendering off and on in the same run.
 *
 *   npm run build                                   # the web app and the server, as npm start
 *   npm run bench                                   # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *       # also PostgreSQL, in a scratch database created and dropped by the run
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_PETS=100000 BENCH_EXPLAIN=1 npm run bench
 *   BENCH_PGLITE=0 DATABASE_URL=... npm run bench   # PostgreSQL only
 *
 * For each database the bench fills a fresh one (PostgreSQL: a scratch database; PGlite: a data
 * folder of its own), then starts the app on it as `npm start` runs it: the built server
 * (`npm start`'s command: `node --max-old-space-size=1024 --max-semi-space-size=32
 * apps/server/dist/main.js`, decisions 025 and 054) in a process of its own, so the memory read
 * from its /proc/<pid>/status is the app's alone (PGlite's included; not the load generator's).
 * The app loads the gazetteer at this first start, as a new site's does. It does so four times:
 * serving the built web app as the client shell only (rendering off, the baseline), rendering
 * every public page for every request (decision 021, RENDERED_PAGES_MB=0), as `npm start` runs it
 * (keeping rendered pages by URL and data, decision 026), and the same without `npm start`'s two
 * heap flags (Node's default old and young generations for this machine). Each time the same API
 * scenarios and pages (`/`, `/petlist`, `/petlist?category=cat`, `/pets/{id}`, `/donation`,
 * `/donation-details/{id}`, and 1,000 pets' pages in turn, none asked for twice in a row) are
 * loaded while the app's resident memory is sampled (VmRSS every 50 ms; VmHWM, the kernel's
 * high-water mark, at the end).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { serverEntryOf } from '../src/web/render';
import {
  memoryOf,
  sampleRss,
  SERVER_MAIN,
  startArgs,
  startServer,
  type ChildServer,
} from './app-process';
import { onScratchDatabase } from './bench-app';
import { fillCampaigns } from './fill-campaigns';
import { fillPets } from './fill-pets';
import { loadGet, percentile } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The built web app, with its server build. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const scenarios: { name: string; query: string }[] = [
  { name: 'no filter', query: '' },
  { name: 'adopted=false (public list)', query: 'adopted=false' },
  { name: 'category=cat', query: 'category=cat' },
  { name: 'category=cat&adopted=false', query: 'category=cat&adopted=false' },
  { name: 'search=luna&adopted=false', query: 'search=luna&adopted=false' },
  { name: 'search=4242 (rare)', query: 'search=4242&adopted=false' },
  { name: 'deep page (page=2000)', query: 'adopted=false&page=2000' },
];

async function measure(url: string, paths?: readonly string[]) {
  const { rps, times, errors } = await loadGet(url, CONNECTIONS, SECONDS, paths);
  return {
    rps,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
  };
}

/**
 * GET `url` once more if the first try finds its pooled connection reset (the app closes idle
 * keep-alive connections after a load; fetch may pick one up just then).
 */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

type Rendering = 'off' | 'on';

/**
 * How the app serves its pages in one part of the run: the client shell (rendering off, the
 * baseline), rendered on the server for every request (RENDERED_PAGES_MB=0), rendered and kept
 * by URL and data as `npm start` runs it (decision 026), and the same with Node's default heap
 * size instead of `npm start`'s (decision 025).
 */
interface Mode {
  name: string;
  rendering: Rendering;
  keptPagesMb?: string;
  defaultHeap?: boolean;
}

const MODES: Mode[] = [
  { name: 'off', rendering: 'off' },
  { name: 'on, every page rendered', rendering: 'on', keptPagesMb: '0' },
  { name: 'on (npm start)', rendering: 'on' },
  { name: "on, Node's default heap", rendering: 'on', defaultHeap: true },
];

/**
 * Copies of the build the app serves during the run (a rebuild meanwhile cannot change them):
 * for `off` the client build alone (every page is the client shell), for `on` with its server build.
 */
function webDirs(): { dirs: Record<Rendering, string>; remove: () => void } {
  if (
    !existsSync(path.join(WEB_DIST, 'index.html')) ||
    !existsSync(serverEntryOf(WEB_DIST)) ||
    !existsSync(SERVER_MAIN)
  ) {
    throw new Error(`No build of the web app and the server: run \`npm run build\`.`);
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-web-'));
  const off = path.join(root, 'shell', 'web');
  const on = path.join(root, 'rendered', 'web');
  cpSync(WEB_DIST, off, { recursive: true });
  cpSync(WEB_DIST, on, { recursive: true });
  cpSync(path.dirname(serverEntryOf(WEB_DIST)), `${on}-server`, { recursive: true });
  return { dirs: { off, on }, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 1_000);

/** The plans of the list queries, to check the indexes are used. */
async function explain(database: DatabaseHandle) {
  const plans = [
    sql`select id from pets where adopted = false order by date_added desc nulls last, id desc nulls last limit 24`,
    sql`select id from pets where adopted = false and pet_category = 'cat' order by date_added desc nulls last, id desc nulls last limit 24`,
    sql`select id from pets where adopted = false and lower(pet_name) like '%luna%' order by date_added desc nulls last, id desc nulls last limit 24`,
    sql`select count(*) from pets where adopted = false and lower(pet_name) like '%4242%'`,
    sql`select id from pets where adopted = false order by date_added desc nulls last, id desc nulls last limit 24 offset 47976`,
    // the same deep page by keyset cursor (decision 028): an index condition, no offset
    sql`select id from pets where adopted = false and (date_added, id) < (select date_added, id from pets where adopted = false order by date_added desc nulls last, id desc nulls last offset 47975 limit 1) order by date_added desc nulls last, id desc nulls last limit 25`,
  ];
  for (const q of plans) {
    const res = await database.db.execute(sql`explain analyze ${q}`);
    const lines = (res as unknown as { rows: Record<string, string>[] }).rows.map(
      (r) => Object.values(r)[0],
    );
    console.error(`\n${lines.join('\n')}`);
  }
}

/**
 * Migrates and fills the app's database in this process (PostgreSQL at `databaseUrl`, or PGlite
 * in `dataDir`/db, where the app opens it), then closes it for the app. Answers the fill's ms.
 */
async function fillDatabase(databaseUrl: string | undefined, dataDir: string, withPlans: boolean) {
  const database = await openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl, poolSize: 10 }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  try {
    await database.migrate();
    const started = performance.now();
    await fillPets(database, PETS);
    await fillCampaigns(database, CAMPAIGNS);
    const fillMs = Math.round(performance.now() - started);
    if (withPlans) await explain(database);
    return fillMs;
  } finally {
    await database.close();
  }
}

/**
 * The built server (dist/main.js) in a process of its own, as `npm start` runs it: plain `node`,
 * its request log written (to nowhere), on the database filled for it. Answers once it serves the
 * pet list.
 */
async function startApp(
  webDistDir: string,
  databaseUrl: string | undefined,
  dataDir: string,
  { keptPagesMb, defaultHeap }: Mode,
): Promise<ChildServer> {
  const heapFlag = (a: string) =>
    a.startsWith('--max-old-space-size') || a.startsWith('--max-semi-space-size');
  const args = startArgs().filter((a) => !(defaultHeap && heapFlag(a)));
  return startServer(
    args,
    {
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      WEB_DIST_DIR: webDistDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      ...(keptPagesMb && { RENDERED_PAGES_MB: keptPagesMb }),
    },
    '/api/pets?limit=1',
  );
}

/** How many different pets' pages the last page scenario asks for, in turn. */
const MANY_PETS = 1000;

/**
 * The public pages: rendered on the server (`on`) or the client shell (`off`). The last one asks
 * for a different pet's page each time, never the same twice in a row: none of them is kept.
 */
async function pagesOf(base: string): Promise<{ name: string; path: string; paths?: string[] }[]> {
  const pets: string[] = [];
  for (let page = 1; pets.length < MANY_PETS; page += 1) {
    const res = await get(`${base}/api/pets?limit=100&page=${page}`);
    pets.push(...((await res.json()) as { _id: string }[]).map((p) => `/pets/${p._id}`));
  }
  const [campaign] = (await (await get(`${base}/api/donation-campaigns?limit=1`)).json()) as {
    _id: string;
  }[];
  return [
    { name: '/', path: '/' },
    { name: '/petlist (first page)', path: '/petlist' },
    { name: '/petlist?category=cat', path: '/petlist?category=cat' },
    { name: '/pets/{id}', path: pets[0]! },
    { name: '/donation', path: '/donation' },
    { name: '/donation-details/{id}', path: `/donation-details/${campaign!._id}` },
    { name: `/pets/{id}, ${MANY_PETS} pets in turn`, path: pets[1]!, paths: pets },
  ];
}

interface ModeResult {
  mode: string;
  fillMs: number;
  afterFill: number;
  peakUnderLoad: number;
  hwm: number;
}

async function runMode(
  kind: string,
  mode: Mode,
  webDistDir: string,
  databaseUrl: string | undefined,
  withPlans: boolean,
): Promise<ModeResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-data-'));
  try {
    const fillMs = await fillDatabase(databaseUrl, dataDir, withPlans);
    const app = await startApp(webDistDir, databaseUrl, dataDir, mode);
    return await measureApp(kind, mode.name, mode.rendering, app, fillMs);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureApp(
  kind: string,
  name: string,
  rendering: Rendering,
  app: ChildServer,
  fillMs: number,
): Promise<ModeResult> {
  // started and serving: what it holds before the load
  const afterFill = memoryOf(app.pid).rss;
  const stopSampling = sampleRss(app.pid);
  try {
    const rows: Record<string, string | number>[] = [];
    for (const s of scenarios) {
      const url = s.query ? `${app.base}/api/pets?${s.query}` : `${app.base}/api/pets`;
      const check = await get(url);
      if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
      // a search past 1,000 matches says only "more than" (decisions 041 and 047)
      const exceeds = check.headers.get('x-total-count-exceeds');
      const total = exceeds ? `> ${exceeds}` : check.headers.get('x-total-count');
      const items = ((await check.json()) as unknown[]).length;
      const m = await measure(url);
      rows.push({
        scenario: s.name,
        'req/s': m.rps,
        'p50 ms': m.p50,
        'p95 ms': m.p95,
        'p99 ms': m.p99,
        items,
        'X-Total-Count': total ?? '',
        errors: m.errors,
      });
    }
    const pageRows: Record<string, string | number>[] = [];
    for (const p of await pagesOf(app.base)) {
      const check = await get(`${app.base}${p.path}`);
      const html = await check.text();
      const rendered = html.includes('id="server-page-data"');
      if (check.status !== 200 || rendered !== (rendering === 'on')) {
        throw new Error(
          `${p.path} answered ${check.status}, ${rendered ? 'rendered on the server' : 'the client shell'} (rendering ${rendering})`,
        );
      }
      const m = await measure(`${app.base}${p.path}`, p.paths);
      pageRows.push({
        page: p.name,
        'req/s': m.rps,
        'p50 ms': m.p50,
        'p95 ms': m.p95,
        'p99 ms': m.p99,
        'HTML KB': Math.round(html.length / 1024),
        errors: m.errors,
      });
    }
    const peakUnderLoad = stopSampling();
    const { hwm } = memoryOf(app.pid);
    const label = `${kind}, server rendering ${name}`;
    console.log(`\n${label}: GET /api/pets, ${CONNECTIONS} connections, ${SECONDS} s per scenario`);
    console.table(rows);
    console.log(`${label}: pages, ${CONNECTIONS} connections, ${SECONDS} s per page`);
    console.table(pageRows);
    return { mode: name, fillMs, afterFill, peakUnderLoad, hwm };
  } finally {
    stopSampling();
    await app.stop();
  }
}

async function runDatabase(kind: 'pglite' | 'postgres', dirs: Record<Rendering, string>) {
  const results: ModeResult[] = [];
  for (const mode of MODES) {
    const withPlans = process.env.BENCH_EXPLAIN === '1' && mode === MODES[0];
    const url = process.env.DATABASE_URL;
    if (kind === 'postgres' && url) {
      await onScratchDatabase(url, async (scratch) => {
        results.push(await runMode(kind, mode, dirs[mode.rendering], scratch, withPlans));
      });
    } else {
      results.push(await runMode(kind, mode, dirs[mode.rendering], undefined, withPlans));
    }
  }
  console.log(
    `\n${kind}: memory of the app process (MiB, /proc/<pid>/status; ${os.cpus().length} CPUs)`,
  );
  console.table(
    results.map((r) => ({
      'server rendering': r.mode,
      'fill ms': r.fillMs,
      'RSS after fill': Math.round(r.afterFill),
      'peak RSS under load': Math.round(r.peakUnderLoad),
      'peak RSS (VmHWM)': Math.round(r.hwm),
    })),
  );
}

async function main() {
  const { dirs, remove } = webDirs();
  try {
    if (process.env.BENCH_PGLITE !== '0') await runDatabase('pglite', dirs);
    if (process.env.DATABASE_URL) await runDatabase('postgres', dirs);
  } finally {
    remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
