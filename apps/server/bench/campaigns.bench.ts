/**
 * The public campaign list with 100,000 campaigns: plans and timings of
 * GET /api/donation-campaigns?page=n through the real app (no socket).
 *
 *   npx tsx bench/campaigns.bench.ts                      # embedded PGlite, in memory
 *   DATABASE_URL=postgres://... npx tsx bench/campaigns.bench.ts   # a scratch PostgreSQL database
 */
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app';
import { buildDeps } from '../src/app-deps';
import { createLogger } from '../src/lib/logger';
import { testConfig } from '../test/helpers/test-config';
import { openBenchDatabase } from './bench-app';

const COUNT = Number(process.env.CAMPAIGNS ?? 100_000);

async function main() {
  const url = process.env.DATABASE_URL;
  const config = testConfig(url ? { DATABASE_URL: url } : {});
  const database = await openBenchDatabase(url);
  await database.migrate();
  const db = database.db;

  const started = Date.now();
  await db.execute(sql`insert into "user" (id, name, email) values ('bench-owner', 'Bench', 'bench@example.com')
    on conflict do nothing`);
  await db.execute(sql`insert into images (id, width, height) values (repeat('a', 64), 800, 600)
    on conflict do nothing`);
  // A long statement: on a connection without the request timeouts.
  await database.maintenance(async (long) => {
    await long.execute(sql`
      insert into campaigns (owner_id, picture_id, pet_name, max_donation_cents, raised_cents,
        last_date, short_description, long_description, paused, created_at)
      select 'bench-owner', repeat('a', 64), 'Pet ' || g, 100000, (g % 1000) * 10, current_date + 30,
        'Short description ' || g, 'Long description ' || g, g % 10 = 0,
        now() - (g || ' seconds')::interval
      from generate_series(1, ${COUNT}) as g`);
    await long.execute(sql`analyze campaigns`);
  });
  console.log(`${COUNT} campaigns inserted in ${Date.now() - started} ms (${database.kind})`);

  const app = createApp(buildDeps({ config, database, logger: createLogger('silent') }));
  const lastPage = Math.ceil((COUNT * 0.9) / 9);
  for (const page of [1, 2, 100, 1000, lastPage, lastPage + 1]) {
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < 20; i += 1) {
      const t = performance.now();
      const res = await app.request(`http://localhost/api/donation-campaigns?page=${page}`);
      items = ((await res.json()) as unknown[]).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `page ${page}: ${items} items, median ${times[10]!.toFixed(1)} ms, p95 ${times[18]!.toFixed(1)} ms`,
    );
  }

  const plan = await db.execute(sql`explain analyze
    select id, created_at from campaigns where paused = false and archived_at is null
    order by created_at desc nulls last, id desc nulls last limit 9 offset 0`);
  console.log('\nPlan of the page query (page 1):');
  const rows = (plan as unknown as { rows: Record<string, string>[] }).rows;
  for (const r of rows) console.log('  ' + Object.values(r)[0]);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
