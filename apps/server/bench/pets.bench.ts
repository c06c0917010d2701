/**
 * GET /api/pets with 100,000 pets: latency (p50/p95/p99) and throughput over HTTP with autocannon,
 * for the public list and its filters, through the real app on a loopback port.
 *
 *   npm run bench                                   # embedded PGlite, in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *       # also PostgreSQL, in a scratch database created and dropped by the run
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_PETS=100000 BENCH_EXPLAIN=1 npm run bench
 *
 * With the web app built (`npm run build`), the app serves it and also renders the public pages
 * on the server (decision 021): `/petlist` and `/pets/{id}` are measured too. The process's peak
 * RSS (the app, its database and the load generator) is printed at the end.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { testConfig } from '../test/helpers/test-config';
import { onScratchDatabase, openBenchDatabase, serveApp } from './bench-app';
import { fillPets } from './fill-pets';
import { loadGet, percentile } from './measure';
import { serverEntryOf } from '../src/web/render';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/** The built web app, when there is one with its server build: pages are rendered then. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const RENDERING =
  existsSync(path.join(WEB_DIST, 'index.html')) && existsSync(serverEntryOf(WEB_DIST));

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

async function run(kind: 'pglite' | 'postgres', url?: string) {
  const config = testConfig({
    ...(url ? { DATABASE_URL: url } : {}),
    ...(RENDERING ? { WEB_DIST_DIR: WEB_DIST } : {}),
  });
  const database = await openBenchDatabase(url);
  try {
    await database.migrate();
    const fillMs = await fillPets(database, PETS);
    console.log(`\n${kind}: ${PETS.toLocaleString('en')} pets inserted in ${fillMs} ms`);

    const app = await serveApp(config, database);
    const base = `${app.base}/api/pets`;

    const rows: Record<string, string | number>[] = [];
    for (const s of scenarios) {
      const url = s.query ? `${base}?${s.query}` : base;
      const check = await fetch(url);
      const total = check.headers.get('x-total-count');
      const items = ((await check.json()) as unknown[]).length;
      if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
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
    console.log(
      `GET /api/pets, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ${os.cpus().length} CPUs`,
    );
    console.table(rows);
    if (RENDERING) await measurePages(app.base);
    else console.log('No web build with its server build: pages not measured (npm run build).');
    if (EXPLAIN) await explain(database);
    await app.close();
  } finally {
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

/** Pages rendered on the server from the same 100,000 pets: the list's first page and one pet. */
async function measurePages(base: string) {
  const [first] = (await (await fetch(`${base}/api/pets?limit=1`)).json()) as { _id: string }[];
  const pages = [
    { name: '/petlist (first 24 of the list)', path: '/petlist' },
    { name: '/petlist?category=cat', path: '/petlist?category=cat' },
    { name: '/pets/{id}', path: `/pets/${first!._id}` },
  ];
  const rows: Record<string, string | number>[] = [];
  for (const p of pages) {
    const check = await fetch(`${base}${p.path}`);
    const html = await check.text();
    if (check.status !== 200 || !html.includes('id="server-page-data"')) {
      throw new Error(`${p.path} answered ${check.status} without a server-rendered page`);
    }
    const m = await measure(`${base}${p.path}`);
    rows.push({
      page: p.name,
      'req/s': m.rps,
      'p50 ms': m.p50,
      'p95 ms': m.p95,
      'p99 ms': m.p99,
      'HTML KB': Math.round(html.length / 1024),
      errors: m.errors,
    });
  }
  console.log(`Pages rendered on the server, ${CONNECTIONS} connections, ${SECONDS} s per page`);
  console.table(rows);
}

/** The plans of the list queries, to check the indexes are used. */
async function explain(database: DatabaseHandle) {
  const plans = [
    sql`select id from pets where adopted = false order by date_added desc nulls last, id desc nulls last limit 24`,
    sql`select id from pets where adopted = false and pet_category = 'cat' order by date_added desc nulls last, id desc nulls last limit 24`,
    sql`select id from pets where adopted = false and lower(pet_name) like '%luna%' order by date_added desc nulls last, id desc nulls last limit 24`,
    sql`select count(*) from pets where adopted = false and lower(pet_name) like '%4242%'`,
    sql`select id from pets where adopted = false order by date_added desc nulls last, id desc nulls last limit 24 offset 47976`,
  ];
  for (const q of plans) {
    const res = await database.db.execute(sql`explain analyze ${q}`);
    const lines = (res as unknown as { rows: Record<string, string>[] }).rows.map(
      (r) => Object.values(r)[0],
    );
    console.log(`\n${lines.join('\n')}`);
  }
}

async function main() {
  await run('pglite');
  const url = process.env.DATABASE_URL;
  if (url) await onScratchDatabase(url, (scratch) => run('postgres', scratch));
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(
    `\nPeak RSS of this process (app, database, load generator; rendering ${RENDERING ? 'on' : 'off'}): ${peak.toFixed(0)} MiB`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
