/**
 * Distance search on PostgreSQL (decision 035): the public list within 25 km of Leeds, nearest
 * first, with and without the GiST index on ll_to_earth(latitude, longitude), in the same run,
 * on a scratch database of 100,000 pets (BENCH_PETS) spread over the gazetteer's 49,025 places.
 * Prints the median time of the app's own repository call over 30 runs each way, and the plan.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:distance
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { loadPlacesIfEmpty } from '../src/modules/places/places.loader';
import { findPlace } from '../src/modules/places/places.repository';
import { searchPets, type PetSearch } from '../src/modules/pets/pets.repository';
import { onScratchDatabase } from './bench-app';
import { fillPets } from './fill-pets';
import { percentile } from './measure';

const PETS = Number(process.env.BENCH_PETS ?? 100_000);
const RUNS = 30;
const LEEDS = 2644688;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a scratch database is made there).');
  process.exit(2);
}

await onScratchDatabase(databaseUrl, async (scratch) => {
  const database = await openDatabase({ kind: 'postgres', url: scratch, poolSize: 2 });
  try {
    await database.migrate();
    await loadPlacesIfEmpty(database.db);
    const fill = await fillPets(database, PETS);
    // every pet in a place of the gazetteer, spread evenly over them
    await database.maintenance(async (db) => {
      await db.execute(sql`
        create temporary table numbered as
        select id, latitude, longitude, row_number() over (order by id) as n from places`);
      await db.execute(sql`
        update pets p set place_id = x.id, latitude = x.latitude, longitude = x.longitude
        from numbered x
        where x.n = abs(hashtext(p.id::text)) % (select count(*) from numbered) + 1`);
      await db.execute(sql`vacuum analyze pets`);
    });
    console.error(`${PETS} pets filled and placed in ${fill} ms (+ places)`);

    const leeds = (await findPlace(database.db, LEEDS))!;
    const search: PetSearch = {
      sort: 'nearest',
      today: new Date().toISOString().slice(0, 10),
      near: { latitude: leeds.latitude, longitude: leeds.longitude, withinM: 25_000 },
    };
    const window = { limit: 24, offset: 0 };
    const timeRuns = async () => {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        // through the app's pool, as a request runs it (1.2 s statement timeout)
        const page = await searchPets(database.db, { adopted: false }, search, window);
        times.push(performance.now() - t);
        found = page.total ?? 0;
      }
      return {
        p50: percentile(
          times.sort((a, b) => a - b),
          50,
        ),
        found,
      };
    };
    const explain = () =>
      database.maintenance(async (db) => {
        const res = await db.execute(sql`
          explain (analyze, costs off, timing off, summary off)
          select id from pets
          where adopted = false and latitude is not null
            and earth_box(ll_to_earth(${leeds.latitude}::float8, ${leeds.longitude}::float8), 25000::float8)
                @> ll_to_earth(latitude, longitude)
            and earth_distance(ll_to_earth(${leeds.latitude}::float8, ${leeds.longitude}::float8),
                ll_to_earth(latitude, longitude)) <= 25000::float8
          order by earth_distance(ll_to_earth(${leeds.latitude}::float8, ${leeds.longitude}::float8),
                ll_to_earth(latitude, longitude)), id
          limit 24`);
        return ((res as { rows: unknown[] }).rows as Array<Record<string, string>>)
          .map((r) => Object.values(r)[0])
          .join('\n');
      });

    const indexed = await timeRuns();
    const plan = await explain();
    await database.maintenance((db) => db.execute(sql`drop index pets_earth_idx`));
    const scanned = await timeRuns();

    console.log(
      `| within 25 km of Leeds, nearest first (${PETS.toLocaleString('en')} pets) | matches | p50 (ms) |`,
    );
    console.log('|---|---|---|');
    console.log(
      `| GiST index on ll_to_earth (pets_earth_idx) | ${indexed.found} | ${indexed.p50.toFixed(1)} |`,
    );
    console.log(`| same query, index dropped | ${scanned.found} | ${scanned.p50.toFixed(1)} |`);
    console.log('\nPlan with the index:\n```');
    console.log(plan);
    console.log('```');
  } finally {
    await database.close();
  }
});
