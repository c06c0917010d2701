import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';

/**
 * Inserts `pets` pets in one INSERT ... SELECT over generate_series (100 owners, 50 pictures, 16
 * names with a number, five categories, 30 % adopted, one pet every 37 s back in time), then
 * VACUUM ANALYZE. Answers the milliseconds it took.
 */
export async function fillPets(database: DatabaseHandle, pets: number) {
  const started = performance.now();
  // Long statements: on a connection without the request timeouts.
  await database.maintenance(async (db) => {
    await db.execute(sql`
      insert into "user" (id, name, email)
      select 'bench-owner-' || g, 'Bench Owner ' || g, 'bench' || g || '@example.com'
      from generate_series(1, 100) as g`);
    await db.execute(sql`
      insert into images (id, width, height)
      select encode(sha256(('bench-image-' || g)::bytea), 'hex'), 1600, 1200
      from generate_series(1, 50) as g`);
    await db.execute(sql`
      insert into pets (owner_id, image_id, pet_name, pet_age, pet_location, pet_category,
        short_description, long_description, adopted, date_added)
      select 'bench-owner-' || (g % 100 + 1),
        encode(sha256(('bench-image-' || (g % 50 + 1))::bytea), 'hex'),
        (array['Bella','Max','Luna','Charlie','Milo','Coco','Rocky','Daisy','Simba','Kiwi','Oreo',
               'Pepper','Shadow','Ginger','Nala','Leo'])[g % 16 + 1] || ' ' || g,
        (g % 15 + 1) || ' years',
        (array['Dhaka','Chattogram','Sylhet','Khulna','Rajshahi'])[g % 5 + 1],
        ((array['dog','cat','bird','reptile','other'])[(g / 7) % 5 + 1])::pet_category,
        'A friendly pet looking for a home.',
        'A longer description of pet number ' || g || ', who is healthy and vaccinated.',
        g % 10 < 3,
        now() - (g * 37 || ' seconds')::interval
      from generate_series(1, ${pets}) as g`);
    await db.execute(sql`vacuum analyze pets`);
    await db.execute(sql`analyze images`);
    await db.execute(sql`analyze "user"`);
  });
  return Math.round(performance.now() - started);
}
