/**
 * The app under benchmark, in a process of its own (started by pets.bench.ts), so the memory the
 * benchmark reads from /proc/<pid>/status is the app's alone: the server, its embedded database
 * (PGlite in memory, holding the pets, unless BENCH_DATABASE_URL names a PostgreSQL database) and,
 * with BENCH_WEB_DIST_DIR, the web app and its server rendering. The load generator stays in the
 * parent.
 *
 * Fills BENCH_PETS pets and BENCH_CAMPAIGNS campaigns, serves the app on a free loopback port and
 * prints one JSON line `{ "base": "http://127.0.0.1:port", "fillMs": n }` when it is ready; exits
 * on SIGTERM. BENCH_EXPLAIN=1 prints the list queries' plans first.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { testConfig } from '../test/helpers/test-config';
import { openBenchDatabase, serveApp } from './bench-app';
import { fillPets } from './fill-pets';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 1_000);
const url = process.env.BENCH_DATABASE_URL || undefined;
const webDistDir = process.env.BENCH_WEB_DIST_DIR || undefined;

/** `campaigns` live campaigns of the bench owners, with the pets' pictures, newest first. */
async function fillCampaigns(database: DatabaseHandle, campaigns: number) {
  await database.maintenance(async (db) => {
    await db.execute(sql`
      insert into campaigns (owner_id, picture_id, pet_name, max_donation_cents, raised_cents,
        last_date, short_description, long_description, paused, created_at)
      select 'bench-owner-' || (g % 100 + 1), encode(sha256(('bench-image-' || (g % 50 + 1))::bytea), 'hex'),
        'Campaign pet ' || g, 100000, (g % 1000) * 10, current_date + 30,
        'Help pet ' || g || ' get well.', 'Pet ' || g || ' needs surgery and a warm place to recover.',
        false, now() - (g || ' seconds')::interval
      from generate_series(1, ${campaigns}) as g`);
    await db.execute(sql`analyze campaigns`);
  });
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
    console.error(`\n${lines.join('\n')}`);
  }
}

async function main() {
  const config = testConfig({
    ...(url ? { DATABASE_URL: url } : {}),
    ...(webDistDir ? { WEB_DIST_DIR: webDistDir } : {}),
  });
  const database = await openBenchDatabase(url);
  await database.migrate();
  const started = performance.now();
  await fillPets(database, PETS);
  await fillCampaigns(database, CAMPAIGNS);
  const fillMs = Math.round(performance.now() - started);
  if (process.env.BENCH_EXPLAIN === '1') await explain(database);
  const app = await serveApp(config, database);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(config.dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
  console.log(JSON.stringify({ base: app.base, fillMs }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
