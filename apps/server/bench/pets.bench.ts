/**
 * GET /api/pets with 100,000 pets: latency (p50/p95/p99) and throughput over HTTP with autocannon,
 * for the public list and its filters, through the real app on a loopback port.
 *
 *   npm run bench                                   # embedded PGlite, in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *       # also PostgreSQL, in a scratch database created and dropped by the run
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_PETS=100000 BENCH_EXPLAIN=1 npm run bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadGet, percentile } from './measure';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { createLogger } from '../src/lib/logger';
import { fillPets } from './fill-pets';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-123',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const database =
    kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: url!, poolSize: 10 })
      : await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    const fillMs = await fillPets(database, PETS);
    console.log(`\n${kind}: ${PETS.toLocaleString('en')} pets inserted in ${fillMs} ms`);

    const app = createApp({ config, database, logger: createLogger('silent') });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/pets`;

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
    if (EXPLAIN) await explain(database);
    await new Promise((resolve) => server.close(resolve));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
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

/** Drops the scratch database; the pool's last connections may take a moment to go. */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const force = attempt >= 10 ? ' with (force)' : '';
      await admin.query(`drop database if exists "${name}"${force}`);
      return;
    } catch (err) {
      if (attempt >= 10) throw err;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

async function main() {
  await run('pglite');
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const name = `pethaven_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    await run('postgres', scratch.toString());
  } finally {
    await dropDatabase(admin, name);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
