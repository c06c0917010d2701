import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';

/**
 * `campaigns` live campaigns of the bench owners (`fillPets` makes them and the pictures), one
 * every second back in time, newest first, then VACUUM ANALYZE (no autovacuum during a measure). Answers the milliseconds it took.
 */
export async function fillCampaigns(database: DatabaseHandle, campaigns: number) {
  const started = performance.now();
  await database.maintenance(async (db) => {
    await db.execute(sql`
      insert into campaigns (owner_id, picture_id, pet_name, max_donation_cents, raised_cents,
        last_date, short_description, long_description, paused, created_at)
      select 'bench-owner-' || (g % 100 + 1), encode(sha256(('bench-image-' || (g % 50 + 1))::bytea), 'hex'),
        'Campaign pet ' || g, 100000, (g % 1000) * 10, current_date + 30,
        'Help pet ' || g || ' get well.', 'Pet ' || g || ' needs surgery and a warm place to recover.',
        false, now() - (g || ' seconds')::interval
      from generate_series(1, ${campaigns}) as g`);
    await db.execute(sql`vacuum analyze campaigns`);
  });
  return Math.round(performance.now() - started);
}
