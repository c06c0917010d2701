import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PetCategory } from '@pet-haven/shared/pets';
import type { DbOrTx } from '../../db/client';
import { afterCursor, countRows, cursorAtOf, keysetPageFrom, pageFrom } from '../../db/paging';
import { preparedRead } from '../../db/prepared';
import { countListed, listedInIdOrder } from '../../db/sitemap';
import type { Page, PageWindow } from '../../lib/paging';
import { adoptionRequests, images, petCounts, pets, user } from '../../db/schema/index';

type PetTableRow = typeof pets.$inferSelect;
export type NewPet = Omit<typeof pets.$inferInsert, 'id' | 'dateAdded' | 'updatedAt'>;
export type PetChanges = Partial<Omit<NewPet, 'ownerId'>>;

/**
 * A pet with what presenting it needs: the owner's e-mail, the picture's largest width, and
 * whether a request for it is accepted (its adoption pending).
 */
export type PetRow = PetTableRow & {
  ownerEmail: string;
  imageWidth: number;
  adoptionPending: boolean;
};

const petColumns = {
  ...getTableColumns(pets),
  ownerEmail: user.email,
  imageWidth: images.width,
  // served by the unique index adoption_requests_one_accepted_idx (pet_id WHERE accepted)
  adoptionPending: sql<boolean>`exists (select 1 from ${adoptionRequests} where ${adoptionRequests.petId} = ${pets.id} and ${adoptionRequests.status} = 'accepted')`,
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
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The values of a list query, by placeholder name (`sql.placeholder`). */
type ListValues = {
  adopted?: boolean;
  category?: PetCategory;
  owner?: string;
  pattern?: string;
  atMicros?: string;
  afterId?: string;
  limit: number;
  offset: number;
};

/** Which filters a list query has: one prepared statement per shape (db/prepared.ts). */
const shapeOf = (v: ListValues) =>
  [
    v.adopted !== undefined && 'a',
    v.category !== undefined && 'c',
    v.owner !== undefined && 'o',
    v.pattern !== undefined && 's',
    v.atMicros !== undefined && 'k',
  ]
    .filter(Boolean)
    .join('');

/** The WHERE of a list of that shape, every value a placeholder. */
function conditions(v: ListValues): SQL | undefined {
  const where: SQL[] = [];
  if (v.adopted !== undefined) where.push(eq(pets.adopted, sql.placeholder('adopted')));
  if (v.category !== undefined) where.push(eq(pets.petCategory, sql.placeholder('category')));
  if (v.owner !== undefined) where.push(eq(pets.ownerId, sql.placeholder('owner')));
  // lower(pet_name) LIKE '%...%' is served by the trigram index pets_name_trgm_idx.
  if (v.pattern !== undefined)
    where.push(sql`lower(${pets.petName}) like ${sql.placeholder('pattern')}`);
  return where.length > 0 ? and(...where) : undefined;
}

/**
 * Newest first, id breaking ties. NULLS LAST (the columns are NOT NULL anyway) matches the
 * indexes as drizzle-kit created them (`date_added DESC NULLS LAST, id DESC NULLS LAST`); a bare
 * DESC means NULLS FIRST and would make PostgreSQL sort every matching row instead of reading
 * the index in order.
 */
const newestFirst = [sql`${pets.dateAdded} desc nulls last`, sql`${pets.id} desc nulls last`];

/**
 * How many pets match in all, exactly. Filtered by adoption state and category only (the public
 * list and its categories): read from pet_counts, which the database keeps in step with every
 * write (decision 027), in time that does not grow with the pets. With a search or an owner:
 * counted with the page's predicate, served by the trigram index or the owner's.
 */
function countPets(db: DbOrTx, v: ListValues) {
  const shape = shapeOf({ ...v, atMicros: undefined });
  return preparedRead(db, `pets_count_${shape}`, (name) => {
    if (v.pattern !== undefined || v.owner !== undefined) {
      return countRows(db, pets, conditions(v)).prepare(name);
    }
    const where: SQL[] = [];
    if (v.adopted !== undefined) where.push(eq(petCounts.adopted, sql.placeholder('adopted')));
    if (v.category !== undefined) {
      where.push(eq(petCounts.petCategory, sql.placeholder('category')));
    }
    return db
      .select({ total: sql<number>`coalesce(sum(${petCounts.pets}), 0)`.mapWith(Number) })
      .from(petCounts)
      .where(where.length > 0 ? and(...where) : undefined)
      .prepare(name);
  }).execute(v);
}

/**
 * The page of a list of that shape: its ids come from the pets table alone (walking an index in
 * order from the cursor, or past the offset); only those few rows are then joined to their owner
 * and picture.
 */
function pageOfPets(db: DbOrTx, v: ListValues) {
  return preparedRead(db, `pets_page_${shapeOf(v)}`, (name) => {
    const where = conditions(v);
    const pageIds = db
      .select({ id: pets.id, cursorAt: cursorAtOf(pets.dateAdded).as('cursor_at') })
      .from(pets)
      .where(
        v.atMicros !== undefined
          ? and(
              where,
              afterCursor(pets.dateAdded, pets.id, {
                atMicros: sql.placeholder('atMicros'),
                id: sql.placeholder('afterId'),
              }),
            )
          : where,
      )
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page_ids');
    return db
      .select({ ...petColumns, cursorAt: pageIds.cursorAt })
      .from(pets)
      .innerJoin(user, eq(user.id, pets.ownerId))
      .innerJoin(images, eq(images.id, pets.imageId))
      .innerJoin(pageIds, eq(pageIds.id, pets.id))
      .orderBy(...newestFirst)
      .prepare(name);
  }).execute(v);
}

/**
 * One page of pets, newest first (id breaks ties), and how many match in all, exactly
 * (`countPets`). In keyset order (the public list, `keysetPageOf`) the page starts after the
 * window's cursor and tells where the next one starts. Both statements are prepared once per shape
 * of the filter (decision 029); the embedded database keeps their answers until its next write
 * (decision 030).
 */
export function listPets(db: DbOrTx, filter: PetFilter, window: PageWindow): Promise<Page<PetRow>> {
  const after = window.keyset?.after;
  const values: ListValues = {
    adopted: filter.adopted,
    category: filter.category,
    owner: filter.ownerId,
    pattern: filter.search ? `%${escapeLike(filter.search.toLowerCase())}%` : undefined,
    atMicros: after?.atMicros,
    afterId: after?.id,
    limit: window.limit,
    offset: window.offset,
  };
  const rowsOf = ({ limit, offset }: PageWindow) => pageOfPets(db, { ...values, limit, offset });
  return window.keyset
    ? keysetPageFrom(window, rowsOf, countPets(db, values))
    : pageFrom(window, rowsOf, countPets(db, values));
}

export async function findPetById(db: DbOrTx, id: string): Promise<PetRow | null> {
  const rows = await selectPets(db).where(eq(pets.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertPet(db: DbOrTx, values: NewPet): Promise<string> {
  const [row] = await db.insert(pets).values(values).returning({ id: pets.id });
  return row!.id;
}

export async function updatePet(db: DbOrTx, id: string, changes: PetChanges): Promise<boolean> {
  const rows = await db
    .update(pets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(pets.id, id))
    .returning({ id: pets.id });
  return rows.length > 0;
}

/** Deletes the pet (its adoption requests go with it, by foreign key); answers its image id. */
export async function deletePet(db: DbOrTx, id: string): Promise<{ imageId: string } | null> {
  const rows = await db.delete(pets).where(eq(pets.id, id)).returning({ imageId: pets.imageId });
  return rows[0] ?? null;
}

/** The pets the sitemap lists: those the public list shows (not adopted). */
const inSitemap = eq(pets.adopted, false);

export const countSitemapPets = (db: DbOrTx): Promise<number> => countListed(db, pets, inSitemap);

/** Pets for the sitemap in id order (the primary key's): see `listedInIdOrder`. */
export const sitemapPets = (db: DbOrTx, after: string | null, offset: number, limit: number) =>
  listedInIdOrder(db, pets, inSitemap, { after, offset, limit });

/** The ids of every pet a user listed (for deleting their account). */
export async function listPetIdsByOwner(db: DbOrTx, ownerId: string): Promise<string[]> {
  const rows = await db.select({ id: pets.id }).from(pets).where(eq(pets.ownerId, ownerId));
  return rows.map((r) => r.id);
}
