import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { preparedRead } from '../../db/prepared';
import { places } from '../../db/schema/index';

export type PlaceRow = typeof places.$inferSelect;

/** Places whose name starts with `prefix` (any case), the most populous first. */
export function searchPlaces(db: DbOrTx, prefix: string, limit: number) {
  return db
    .select({ id: places.id, label: places.label })
    .from(places)
    .where(sql`lower(${places.name}) like ${`${escapeLike(prefix.toLowerCase())}%`}`)
    .orderBy(desc(places.population), places.id)
    .limit(limit);
}

/** The place `id` of the gazetteer; prepared once (decision 029): every distance search asks. */
export async function findPlace(db: DbOrTx, id: number): Promise<PlaceRow | null> {
  const rows = await preparedRead(db, 'place_by_id', (name) =>
    db
      .select()
      .from(places)
      .where(eq(places.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return rows[0] ?? null;
}

export async function countPlaces(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(places);
  return row?.n ?? 0;
}

export async function insertPlaces(db: DbOrTx, rows: PlaceRow[]): Promise<void> {
  await db.insert(places).values(rows).onConflictDoNothing();
}

/** Holds the gazetteer's load lock until the transaction ends (one loader among processes). */
export async function lockPlacesLoad(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('pet-haven:places-load'))`);
}
