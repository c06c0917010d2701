/**
 * GET /api/pets with 100,000 pets: latency (p50/p95/p99) and throughput over HTTP with autocannon,
 * for the public list and its filters, and the app's peak memory, with server rendering off and on
 * in the same run.
 *
 *   npm run bench                                   # embedded PGlite, in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *       # also PostgreSQL, in a scratch database created and dropped by the run
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_PETS=100000 BENCH_EXPLAIN=1 npm run bench
 *
 * The app runs in a process of its own (bench/app-process.ts: server + database, as `npm start`
 * runs it, under tsx), started twice per database: once serving the built web app as the client
 * shell only (server rendering off) and once with its server build (public pages rendered on the
 * server, decision 021). Each time the same API scenarios and pages (`/`, `/petlist`,
 * `/petlist?category=cat`, `/pets/{id}`, `/donation`, `/donation-details/{id}`) are loaded, while
 * the app's resident memory is sampled from /proc/<pid>/status (VmRSS every 50 ms; VmHWM, the
 * kernel's high-water mark, at the end). Needs `npm run build` (apps/web/dist and dist-server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { onScratchDatabase } from './bench-app';
import { loadGet, percentile } from './measure';
import { serverEntryOf } from '../src/web/render';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The built web app, with its server build. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const APP_PROCESS = fileURLToPath(new URL('./app-process.ts', import.meta.url));

const scenarios: { name: string; query: string }[] = [
  { name: 'no filter', query: '' },
  { name: 'adopted=false (public list)', query: 'adopted=false' },
  { name: 'category=cat', query: 'category=cat' },
  { name: 'category=cat&adopted=false', query: 'category=cat&adopted=false' },
  { name: 'search=luna&adopted=false', query: 'search=luna&adopted=false' },
  { name: 'search=4242 (rare)', query: 'search=4242&adopted=false' },
  { name: 'deep page (page=2000)', query: 'adopted=false&page=2000' },
];

async function measure(url: string) {
  const { rps, times, errors } = await loadGet(url, CONNECTIONS, SECONDS);
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
 * Copies of the build the app serves during the run (a rebuild meanwhile cannot change them):
 * for `off` the client build alone (every page is the client shell), for `on` with its server build.
 */
function webDirs(): { dirs: Record<Rendering, string>; remove: () => void } {
  if (!existsSync(path.join(WEB_DIST, 'index.html')) || !existsSync(serverEntryOf(WEB_DIST))) {
    throw new Error(`No web build with its server build in ${WEB_DIST}: run \`npm run build\`.`);
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-web-'));
  const off = path.join(root, 'shell', 'web');
  const on = path.join(root, 'rendered', 'web');
  cpSync(WEB_DIST, off, { recursive: true });
  cpSync(WEB_DIST, on, { recursive: true });
  cpSync(path.dirname(serverEntryOf(WEB_DIST)), `${on}-server`, { recursive: true });
  return { dirs: { off, on }, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Resident memory of process `pid` in MiB from /proc: now (VmRSS) and its peak so far (VmHWM). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

/** Samples the app's VmRSS every 50 ms until stopped; answers the highest sample. */
function sampleRss(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(pid).rss);
  };
}

interface AppProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  fillMs: number;
  stop: () => Promise<void>;
}

/** bench/app-process.ts in a process of its own, as `npm start` runs the server (under tsx). */
async function startApp(webDistDir: string, databaseUrl: string | undefined, explain: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', APP_PROCESS], {
    env: {
      ...process.env,
      BENCH_WEB_DIST_DIR: webDistDir,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_EXPLAIN: explain ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The app process exited with code ${code}`)));
  });
  const { base, fillMs } = JSON.parse(first) as { base: string; fillMs: number };
  return {
    child,
    pid: child.pid!,
    base,
    fillMs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  } satisfies AppProcess;
}

/** The public pages: rendered on the server (`on`) or the client shell (`off`). */
async function pagesOf(base: string) {
  const [pet] = (await (await get(`${base}/api/pets?limit=1`)).json()) as { _id: string }[];
  const [campaign] = (await (await get(`${base}/api/donation-campaigns?limit=1`)).json()) as {
    _id: string;
  }[];
  return [
    { name: '/', path: '/' },
    { name: '/petlist (first page)', path: '/petlist' },
    { name: '/petlist?category=cat', path: '/petlist?category=cat' },
    { name: '/pets/{id}', path: `/pets/${pet!._id}` },
    { name: '/donation', path: '/donation' },
    { name: '/donation-details/{id}', path: `/donation-details/${campaign!._id}` },
  ];
}

interface ModeResult {
  rendering: Rendering;
  fillMs: number;
  afterFill: number;
  peakUnderLoad: number;
  hwm: number;
}

async function runMode(
  kind: string,
  rendering: Rendering,
  webDistDir: string,
  databaseUrl: string | undefined,
  explain: boolean,
): Promise<ModeResult> {
  const app = await startApp(webDistDir, databaseUrl, explain);
  try {
    const afterFill = memoryOf(app.pid).rss;
    const stopSampling = sampleRss(app.pid);
    const rows: Record<string, string | number>[] = [];
    for (const s of scenarios) {
      const url = s.query ? `${app.base}/api/pets?${s.query}` : `${app.base}/api/pets`;
      const check = await get(url);
      if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
      const total = check.headers.get('x-total-count');
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
      const m = await measure(`${app.base}${p.path}`);
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
    const label = `${kind}, server rendering ${rendering}`;
    console.log(`\n${label}: GET /api/pets, ${CONNECTIONS} connections, ${SECONDS} s per scenario`);
    console.table(rows);
    console.log(`${label}: pages, ${CONNECTIONS} connections, ${SECONDS} s per page`);
    console.table(pageRows);
    return { rendering, fillMs: app.fillMs, afterFill, peakUnderLoad, hwm };
  } finally {
    await app.stop();
  }
}

async function runDatabase(kind: 'pglite' | 'postgres', dirs: Record<Rendering, string>) {
  const results: ModeResult[] = [];
  for (const rendering of ['off', 'on'] as const) {
    const explain = process.env.BENCH_EXPLAIN === '1' && rendering === 'off';
    const url = process.env.DATABASE_URL;
    if (kind === 'postgres' && url) {
      await onScratchDatabase(url, async (scratch) => {
        results.push(await runMode(kind, rendering, dirs[rendering], scratch, explain));
      });
    } else {
      results.push(await runMode(kind, rendering, dirs[rendering], undefined, explain));
    }
  }
  console.log(
    `\n${kind}: memory of the app process (MiB, /proc/<pid>/status; ${os.cpus().length} CPUs)`,
  );
  console.table(
    results.map((r) => ({
      'server rendering': r.rendering,
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
    await runDatabase('pglite', dirs);
    if (process.env.DATABASE_URL) await runDatabase('postgres', dirs);
  } finally {
    remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
