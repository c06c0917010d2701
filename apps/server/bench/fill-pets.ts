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

/**
 * Gives every pet of `fillPets` what a listing on a real site has (issue 14): a place of the
 * gazetteer, picked with a chance in proportion to its population (a city of a million has 20
 * times the pets of one of 50,000), its coordinates, and facts spread as a shelter's are (sex,
 * a size that fits the category, a birth date from 2 months to 15 years back, breed, and yes, no
 * or unknown for each trait), each from a hash of the pet's id (spread alike in every run, though
 * the ids, and so which pet gets what, differ). Needs the
 * gazetteer loaded; VACUUM ANALYZE after. Answers the milliseconds it took.
 */
export async function describePets(database: DatabaseHandle) {
  const started = performance.now();
  await database.maintenance(async (db) => {
    // each place owns a stretch of [0, total population) as long as its population
    await db.execute(sql`
      create temporary table weighted as
      select id, latitude, longitude,
        sum(population::int8) over (order by id) as upto
      from places`);
    await db.execute(sql`create index on weighted (upto)`);
    await db.execute(sql`analyze weighted`);
    const pick = (salt: string, modulo: number) =>
      sql.raw(`((hashtext(p.id::text || '${salt}')::int8 & 2147483647) % ${modulo})::int`);
    await db.execute(sql`
      update pets p set
        place_id = w.id, latitude = w.latitude, longitude = w.longitude,
        sex = (case when ${pick('sex', 100)} < 46 then 'female'
                    when ${pick('sex', 100)} < 92 then 'male' else 'unknown' end)::pet_sex,
        size = (case when p.pet_category in ('dog', 'other')
                     then (array['small','medium','large','extra-large'])[${pick('size', 4)} + 1]
                     else (array['small','small','medium','large'])[${pick('size', 4)} + 1] end)::pet_size,
        birth_date = current_date - (60 + ${pick('age', 5400)})::int,
        breed = (array['Mixed breed','Labrador Retriever','Domestic Shorthair','Terrier cross',
                       'Budgerigar','Bearded dragon','Rabbit'])[${pick('breed', 7)} + 1],
        good_with_children = (array['yes','yes','no','unknown'])[${pick('children', 4)} + 1]::tri_state,
        good_with_dogs = (array['yes','no','unknown'])[${pick('dogs', 3)} + 1]::tri_state,
        good_with_cats = (array['yes','no','no','unknown'])[${pick('cats', 4)} + 1]::tri_state,
        house_trained = (array['yes','no','unknown'])[${pick('house', 3)} + 1]::tri_state,
        vaccinated = (array['yes','yes','yes','unknown'])[${pick('vacc', 4)} + 1]::tri_state,
        neutered = (array['yes','yes','no','unknown'])[${pick('neut', 4)} + 1]::tri_state
      from (
        select p2.id as pet_id,
          (select w2.id from weighted w2
           where w2.upto > (((hashtext(p2.id::text)::int8 & 2147483647) << 31)
                            + (hashtext(p2.id::text || 'place')::int8 & 2147483647))
                           % (select max(upto) from weighted)
           order by w2.upto limit 1) as place_id
        from pets p2
      ) chosen
      join weighted w on w.id = chosen.place_id
      where p.id = chosen.pet_id`);
    await db.execute(sql`drop table weighted`);
    await db.execute(sql`vacuum analyze pets`);
  });
  return Math.round(performance.now() - started);
}
