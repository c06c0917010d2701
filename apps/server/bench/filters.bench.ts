/**
 * The public pet list with /petlist's filters (issue 14) beside the unfiltered list, in the same
 * run, on PostgreSQL: 100,000 pets (BENCH_PETS) placed in the gazetteer's towns in proportion to
 * their population and given facts (bench/fill-pets.ts `describePets`), the built app started as
 * `npm start` starts it, each page asked as the web asks it (`adopted=false&limit=24` and the
 * filters in the URL) at 10 connections (BENCH_CONNECTIONS) for BENCH_SECONDS each.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:filters
 *
 * Prints each page's req/s, p50 and p99, its p50 against the unfiltered list's (the issue's
 * target: at most 2x), and the plan of every statement the app sends for it (EXPLAIN ANALYZE of
 * the statements captured from the app's own service through drizzle's logger).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { petListQuerySchema } from '@pet-haven/shared/pets';
import type { AppDeps } from '../src/app-deps';
import { openDatabase } from '../src/db/client';
import { loadPlacesIfEmpty } from '../src/modules/places/places.loader';
import { listPets } from '../src/modules/pets/pets.service';
import { memoryOf, sampleRss, startArgs, startServer } from './app-process';
import { onScratchDatabase } from './bench-app';
import { capturingDatabase } from './captured-statements';
import { describePets, fillPets } from './fill-pets';
import { loadGet, percentile } from './measure';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number);

// GeoNames ids of the gazetteer
const LEEDS = 2644688;
const LONDON = 2643743;
const NEW_YORK = 5128581;
const SYDNEY = 2147714;

const list = '/api/pets?adopted=false&limit=24';
/** The pages measured: the unfiltered public list first (the baseline), then /petlist's filters. */
const scenarios = [
  { name: 'public list, no filter', url: list },
  { name: 'within 25 km of Leeds, nearest', url: `${list}&near=${LEEDS}&within=25&sort=nearest` },
  {
    name: 'dogs within 50 km of London, good with children, medium, newest',
    url: `${list}&category=dog&near=${LONDON}&within=50&goodWithChildren=true&size=medium`,
  },
  {
    name: 'young female cats within 100 km of New York, by name',
    url: `${list}&category=cat&near=${NEW_YORK}&within=100&ageGroup=young&sex=female&sort=name`,
  },
  {
    name: 'adult pets within 200 km of Sydney good with dogs and cats, oldest',
    url: `${list}&near=${SYDNEY}&within=200&ageGroup=adult&goodWithDogs=true&goodWithCats=true&sort=oldest`,
  },
  {
    name: 'dogs good with cats, large, newest (facts only)',
    url: `${list}&category=dog&goodWithCats=true&size=large`,
  },
  {
    name: 'senior female pets, by name (facts only)',
    url: `${list}&ageGroup=senior&sex=female&sort=name`,
  },
];

/**
 * The statements the app's own service sends for `url` (the route's query schema parses it, as
 * the route does), captured through drizzle's logger, and their plans (EXPLAIN ANALYZE).
 */
async function plansOf(databaseUrl: string, url: string) {
  const { db, pool, logged, end } = capturingDatabase(databaseUrl);
  try {
    const query = petListQuerySchema.parse(
      Object.fromEntries(new URL(url, 'http://bench').searchParams),
    );
    const deps = { database: { db }, now: () => new Date() } as unknown as AppDeps;
    await listPets(deps, query);
    const plans: string[] = [];
    for (const st of logged) {
      const res = await pool.query<Record<string, string>>(
        `explain (analyze, costs off, timing off, summary off) ${st.text}`,
        st.params,
      );
      plans.push(res.rows.map((r) => Object.values(r)[0]).join('\n'));
    }
    return plans;
  } finally {
    await end();
  }
}

/** Index names a plan reads. */
const indexesOf = (plan: string) => [
  ...new Set([...plan.matchAll(/ using (\w+)|Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2])),
];

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(
      '\nbench:filters: skipped (set DATABASE_URL to a PostgreSQL server: distance search is measured there)',
    );
    return;
  }
  await onScratchDatabase(databaseUrl, async (scratch) => {
    const database = await openDatabase({ kind: 'postgres', url: scratch, poolSize: 2 });
    try {
      await database.migrate();
      await loadPlacesIfEmpty(database.db);
      const fill = (await fillPets(database, PETS)) + (await describePets(database));
      console.error(`${PETS} pets filled, placed and described in ${fill} ms`);
    } finally {
      await database.close();
    }
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-bench-filters-'));
    const app = await startServer(
      startArgs(),
      { DATA_DIR: dataDir, DEMO_DATA: 'false', DATABASE_URL: scratch },
      '/api/pets?limit=1',
    );
    const stopSampling = sampleRss(app.pid);
    const rows: Array<Record<string, string | number>> = [];
    const plans: Array<{ name: string; plans: string[] }> = [];
    try {
      const found: Record<string, string> = {};
      for (const s of scenarios) {
        const res = await fetch(`${app.base}${s.url}`);
        if (res.status !== 200) throw new Error(`${s.url} answered ${res.status}`);
        const page = (await res.json()) as unknown[];
        const exceeds = res.headers.get('x-total-count-exceeds');
        found[s.url] =
          `${page.length} of ${exceeds ? `more than ${exceeds}` : res.headers.get('x-total-count')}`;
        await loadGet(`${app.base}${s.url}`, 10, 1); // warm-up: JIT, plans, caches
      }
      for (const connections of CONNECTIONS) {
        let baseline = NaN;
        for (const s of scenarios) {
          const { rps, times, errors } = await loadGet(`${app.base}${s.url}`, connections, SECONDS);
          const p50 = percentile(times, 50);
          if (Number.isNaN(baseline)) baseline = p50;
          rows.push({
            page: s.name,
            conns: connections,
            'req/s': rps,
            'p50 ms': p50,
            'p99 ms': percentile(times, 99),
            'p50 / list p50': `${(p50 / baseline).toFixed(2)}x`,
            'shown of total': found[s.url]!,
            errors,
          });
          console.error(`${s.name}, ${connections} connections: ${rps} req/s, p50 ${p50} ms`);
        }
      }
      for (const s of scenarios) plans.push({ name: s.name, plans: await plansOf(scratch, s.url) });
    } finally {
      const peak = Math.max(stopSampling(), memoryOf(app.pid).hwm);
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
      console.log(`app peak RSS (sampled; VmHWM): ${Math.round(peak)} MiB`);
    }
    console.log(
      `\n/api/pets with /petlist's filters, PostgreSQL, ${PETS} pets, ${SECONDS} s per line, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.table(rows);
    for (const { name, plans: statements } of plans) {
      console.log(`\n${name}: ${scenarios.find((s) => s.name === name)!.url}`);
      for (const plan of statements) {
        console.log(`  indexes: ${indexesOf(plan).join(', ') || 'none'}`);
        console.log(plan.replace(/^/gm, '    '));
      }
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
