import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PetCategory } from '@pet-haven/shared/pets';
import type { DbOrTx } from '../../db/client';
import { images, pets, user } from '../../db/schema/index';

type PetTableRow = typeof pets.$inferSelect;
export type NewPet = Omit<typeof pets.$inferInsert, 'id' | 'dateAdded' | 'updatedAt'>;
export type PetChanges = Partial<Omit<NewPet, 'ownerId'>>;

/** A pet with what presenting it needs: the owner's e-mail and the picture's largest width. */
export type PetRow = PetTableRow & { ownerEmail: string; imageWidth: number };

const petColumns = {
  ...getTableColumns(pets),
  ownerEmail: user.email,
  imageWidth: images.width,
};

const selectPets = (db: DbOrTx) =>
  db
    .select(petColumns)
    .from(pets)
    .innerJoin(user, eq(user.id, pets.ownerId))
    .innerJoin(images, eq(images.id, pets.imageId));

export interface PetFilter {
  /** Case-insensitive substring of the name. */
  search?: string;
  category?: PetCategory;
  adopted?: boolean;
  ownerId?: string;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern built from user input. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function conditions(f: PetFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.adopted !== undefined) where.push(eq(pets.adopted, f.adopted));
  if (f.category) where.push(eq(pets.petCategory, f.category));
  if (f.ownerId) where.push(eq(pets.ownerId, f.ownerId));
  if (f.search) {
    // lower(pet_name) LIKE '%...%' is served by the trigram index pets_name_trgm_idx.
    const pattern = `%${escapeLike(f.search.toLowerCase())}%`;
    where.push(sql`lower(${pets.petName}) like ${pattern}`);
  }
  return where.length > 0 ? and(...where) : undefined;
}

/**
 * Counting every match is the costly part of a list page (an index scan over all of them), and the
 * public list asks the same few counts again and again. Counts are kept for a few seconds per
 * database and filter; any pet written through this repository forgets them all at once. Writes
 * that bypass it (a deleted user's pets, another server process) show within COUNT_TTL_MS.
 */
export const COUNT_TTL_MS = 5_000;
const COUNT_CACHE_MAX = 1_000;
let writeGeneration = 0;
const countCaches = new WeakMap<
  object,
  Map<string, { total: number; expires: number; generation: number }>
>();

/** Call after any change to pets (insert, update, delete): cached totals are then recounted. */
export function forgetPetCounts() {
  writeGeneration += 1;
}

async function countPets(db: DbOrTx, filter: PetFilter, where: SQL | undefined) {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  const key = JSON.stringify([filter.search, filter.category, filter.adopted, filter.ownerId]);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now && hit.generation === writeGeneration) return hit.total;
  const generation = writeGeneration;
  const [row] = await db.select({ total: count() }).from(pets).where(where);
  const total = row?.total ?? 0;
  if (cache.size >= COUNT_CACHE_MAX) cache.clear();
  cache.set(key, { total, expires: now + COUNT_TTL_MS, generation });
  return total;
}

/**
 * Newest first, id breaking ties. NULLS LAST (the columns are NOT NULL anyway) matches the
 * indexes as drizzle-kit created them (`date_added DESC NULLS LAST, id DESC NULLS LAST`); a bare
 * DESC means NULLS FIRST and would make PostgreSQL sort every matching row instead of reading
 * the index in order.
 */
const newestFirst = [sql`${pets.dateAdded} desc nulls last`, sql`${pets.id} desc nulls last`];

/** One page of pets, newest first (id breaks ties), and how many match in all. */
export async function listPets(
  db: DbOrTx,
  filter: PetFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PetRow[]; total: number }> {
  const where = conditions(filter);
  // The page's ids come from the pets table alone (walking an index in order, even for a deep
  // offset); only those few rows are then joined to their owner and picture.
  const pageIds = db
    .select({ id: pets.id })
    .from(pets)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset)
    .as('page_ids');
  const [rows, totals] = await Promise.all([
    selectPets(db)
      .innerJoin(pageIds, eq(pageIds.id, pets.id))
      .orderBy(...newestFirst),
    countPets(db, filter, where),
  ]);
  return { rows, total: totals };
}

export async function findPetById(db: DbOrTx, id: string): Promise<PetRow | null> {
  const rows = await selectPets(db).where(eq(pets.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertPet(db: DbOrTx, values: NewPet): Promise<string> {
  const [row] = await db.insert(pets).values(values).returning({ id: pets.id });
  forgetPetCounts();
  return row!.id;
}

export async function updatePet(db: DbOrTx, id: string, changes: PetChanges): Promise<boolean> {
  const rows = await db
    .update(pets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(pets.id, id))
    .returning({ id: pets.id });
  forgetPetCounts();
  return rows.length > 0;
}

/** Deletes the pet (its adoption requests go with it, by foreign key); answers its image id. */
export async function deletePet(db: DbOrTx, id: string): Promise<{ imageId: string } | null> {
  const rows = await db.delete(pets).where(eq(pets.id, id)).returning({ imageId: pets.imageId });
  forgetPetCounts();
  return rows[0] ?? null;
}

/** The id of the account with this e-mail (stored lower-case by Better Auth), or null. */
export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return rows[0]?.id ?? null;
}
