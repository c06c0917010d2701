import { and, asc, eq, getTableColumns, gt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ageBands,
  birthDateFromAge,
  petCategories,
  type AgeGroup,
  type PetCategory,
  type PetSize,
  type PetSort,
} from '@pet-haven/shared/pets';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { afterCursor, countRows, cursorAtOf, keysetPageFrom, pageFrom } from '../../db/paging';
import { preparedRead } from '../../db/prepared';
import { countListed, listedInIdOrder } from '../../db/sitemap';
import type { Page, PageWindow } from '../../lib/paging';
import {
  adoptionRequests,
  images,
  petCounts,
  petPhotos,
  pets,
  places,
  user,
} from '../../db/schema/index';

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
  placeLabel: string | null;
  /** Metres from the place of a distance search; absent otherwise. */
  distanceM?: number | null;
  /** The photos after the cover, in order (read for one pet: `findPetPhotos`); absent in lists. */
  morePhotos?: PetPhoto[];
};

/** A photo of a pet after its cover: the image and its largest width. */
export interface PetPhoto {
  imageId: string;
  width: number;
}

const petColumns = {
  ...getTableColumns(pets),
  ownerEmail: user.email,
  imageWidth: images.width,
  placeLabel: places.label,
  // served by the unique index adoption_requests_one_accepted_idx (pet_id WHERE accepted)
  adoptionPending: sql<boolean>`exists (select 1 from ${adoptionRequests} where ${adoptionRequests.petId} = ${pets.id} and ${adoptionRequests.status} = 'accepted')`,
};

const selectPets = (db: DbOrTx) =>
  db
    .select(petColumns)
    .from(pets)
    .innerJoin(user, eq(user.id, pets.ownerId))
    .innerJoin(images, eq(images.id, pets.imageId))
    .leftJoin(places, eq(places.id, pets.placeId));

export interface PetFilter {
  /** Case-insensitive substring of the name. */
  search?: string;
  category?: PetCategory;
  adopted?: boolean;
  ownerId?: string;
}

/** The facts and places a public list may also be filtered and sorted by (issue 14). */
export interface PetSearch {
  ageGroup?: AgeGroup;
  size?: PetSize;
  sex?: 'female' | 'male';
  goodWithChildren?: true;
  goodWithDogs?: true;
  goodWithCats?: true;
  /** Within `withinM` metres of this point. */
  near?: { latitude: number; longitude: number; withinM: number };
  sort: PetSort;
  /** Today's date (YYYY-MM-DD): age groups are worked out from it. */
  today: string;
}

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
      .leftJoin(places, eq(places.id, pets.placeId))
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

/** Whether a search asks for anything beyond the plain list (then `searchPets` answers it). */
export const isPlainList = (search: PetSearch) =>
  search.sort === 'newest' &&
  !search.ageGroup &&
  !search.size &&
  !search.sex &&
  !search.goodWithChildren &&
  !search.goodWithDogs &&
  !search.goodWithCats &&
  !search.near;

/**
 * Pets born in `group`'s months for their category (ageBands, one place): a birth date on or
 * before today minus the group's first month, and after today minus its last.
 */
function inAgeGroup(group: AgeGroup, today: string, category?: PetCategory): SQL {
  const index = ['baby', 'young', 'adult', 'senior'].indexOf(group);
  const categories = category ? [category] : petCategories;
  const byCategory = categories.map((c) => {
    const bounds = [0, ...ageBands[c]];
    const from = bounds[index]!;
    const until = bounds[index + 1];
    const parts = [
      eq(pets.petCategory, c),
      sql`${pets.birthDate} <= ${birthDateFromAge(0, from, today)}`,
    ];
    if (until !== undefined)
      parts.push(sql`${pets.birthDate} > ${birthDateFromAge(0, until, today)}`);
    return and(...parts)!;
  });
  return or(...byCategory)!;
}

/** The point of a distance search on the earth (earthdistance: a sphere, metres). */
const originOf = (near: NonNullable<PetSearch['near']>) =>
  sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;
const petPoint = sql`ll_to_earth(${pets.latitude}, ${pets.longitude})`;

/** The WHERE of the facts and the distance of a search. */
function searchConditions(search: PetSearch, category?: PetCategory): SQL[] {
  const where: SQL[] = [];
  if (search.ageGroup) where.push(inAgeGroup(search.ageGroup, search.today, category));
  if (search.size) where.push(eq(pets.size, search.size));
  if (search.sex) where.push(eq(pets.sex, search.sex));
  if (search.goodWithChildren) where.push(eq(pets.goodWithChildren, 'yes'));
  if (search.goodWithDogs) where.push(eq(pets.goodWithDogs, 'yes'));
  if (search.goodWithCats) where.push(eq(pets.goodWithCats, 'yes'));
  if (search.near) {
    const origin = originOf(search.near);
    // the box is served by the GiST index pets_earth_idx; the distance trims its corners
    where.push(
      sql`${pets.latitude} is not null`,
      sql`earth_box(${origin}, ${search.near.withinM}::float8) @> ${petPoint}`,
      sql`earth_distance(${origin}, ${petPoint}) <= ${search.near.withinM}::float8`,
    );
  }
  return where;
}

/** ORDER BY of each sort, id breaking ties. */
function orderOf(search: PetSearch, distance: SQL | null): SQL[] {
  switch (search.sort) {
    case 'oldest':
      return [asc(pets.dateAdded), asc(pets.id)];
    case 'name':
      return [sql`lower(${pets.petName})`, asc(pets.id)];
    case 'nearest':
      return distance ? [sql`${distance}`, asc(pets.id)] : newestFirst;
    default:
      return newestFirst;
  }
}

/** The WHERE of a list with facts or distance. */
const searchWhere = (filter: PetFilter, search: PetSearch) =>
  and(
    filter.adopted !== undefined ? eq(pets.adopted, filter.adopted) : undefined,
    filter.category !== undefined ? eq(pets.petCategory, filter.category) : undefined,
    filter.search
      ? sql`lower(${pets.petName}) like ${`%${escapeLike(filter.search.toLowerCase())}%`}`
      : undefined,
    ...searchConditions(search, filter.category),
  );

/**
 * Pets added after `added.after` and by `added.until` (not by `excludeOwnerId`) that the filter and
 * search match, in the order they were added, at most `limit` (a saved search's alert).
 */
export function newPetsMatching(
  db: DbOrTx,
  filter: PetFilter,
  search: PetSearch,
  added: { after: Date; until: Date },
  excludeOwnerId: string,
  limit: number,
): Promise<PetRow[]> {
  return selectPets(db)
    .where(
      and(
        searchWhere(filter, search),
        gt(pets.dateAdded, added.after),
        lte(pets.dateAdded, added.until),
        ne(pets.ownerId, excludeOwnerId),
      ),
    )
    .orderBy(asc(pets.dateAdded), asc(pets.id))
    .limit(limit);
}

/**
 * A page of the public list filtered by facts or distance, or sorted otherwise than newest first
 * (`isPlainList` false): built per request (the filters vary too much to prepare one statement
 * per shape), counted with the page's predicate. Newest first pages by keyset cursor like the
 * plain list; the other sorts page by offset (each answer's next link says where to go on).
 */
export function searchPets(
  db: DbOrTx,
  filter: PetFilter,
  search: PetSearch,
  window: PageWindow,
): Promise<Page<PetRow>> {
  const where = searchWhere(filter, search);
  const distance = search.near
    ? sql<number>`earth_distance(${originOf(search.near)}, ${petPoint})`
    : null;
  const columns = {
    ...petColumns,
    distanceM: distance ? distance.mapWith(Number) : sql<null>`null`,
    cursorAt: cursorAtOf(pets.dateAdded),
  };
  const total = countRows(db, pets, where);
  const byCursor = search.sort === 'newest' && window.keyset !== undefined;
  const rowsOf = ({ limit, offset }: PageWindow) => {
    // a cursor is a place in newest-first order only; the other sorts page by offset
    const after = byCursor ? window.keyset?.after : undefined;
    return db
      .select(columns)
      .from(pets)
      .innerJoin(user, eq(user.id, pets.ownerId))
      .innerJoin(images, eq(images.id, pets.imageId))
      .leftJoin(places, eq(places.id, pets.placeId))
      .where(after ? and(where, afterCursor(pets.dateAdded, pets.id, after)) : where)
      .orderBy(...orderOf(search, distance))
      .limit(limit)
      .offset(offset);
  };
  return byCursor
    ? keysetPageFrom(window, rowsOf, total)
    : pageFrom({ ...window, keyset: undefined }, rowsOf, total);
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

/** The pet's photos after its cover, in gallery order. */
export function findPetPhotos(db: DbOrTx, petId: string): Promise<PetPhoto[]> {
  return db
    .select({ imageId: petPhotos.imageId, width: images.width })
    .from(petPhotos)
    .innerJoin(images, eq(images.id, petPhotos.imageId))
    .where(eq(petPhotos.petId, petId))
    .orderBy(asc(petPhotos.position));
}

/**
 * Locks the pet's row until the transaction ends and answers its cover and other photos (null
 * when the pet is gone): a change of its pictures reads them under the lock.
 */
export async function lockPetPictures(
  tx: DbOrTx,
  id: string,
): Promise<{ imageId: string; photoIds: string[] } | null> {
  const rows = await tx
    .select({ imageId: pets.imageId })
    .from(pets)
    .where(eq(pets.id, id))
    .for('no key update');
  if (!rows[0]) return null;
  const photos = await findPetPhotos(tx, id);
  return { imageId: rows[0].imageId, photoIds: photos.map((p) => p.imageId) };
}

/** Replaces the pet's photos after its cover with these images, in this order (positions 1..n). */
export async function replacePetPhotos(db: DbOrTx, petId: string, imageIds: string[]) {
  await db.delete(petPhotos).where(eq(petPhotos.petId, petId));
  if (imageIds.length === 0) return;
  await db
    .insert(petPhotos)
    .values(imageIds.map((imageId, i) => ({ petId, position: i + 1, imageId })));
}

/**
 * Deletes the pet (its adoption requests and photo rows go with it, by foreign key); answers the
 * ids of every picture it had, the cover first, for releasing.
 */
export async function deletePet(db: DbOrTx, id: string): Promise<{ imageIds: string[] } | null> {
  const photos = await findPetPhotos(db, id);
  const rows = await db.delete(pets).where(eq(pets.id, id)).returning({ imageId: pets.imageId });
  if (!rows[0]) return null;
  return { imageIds: [rows[0].imageId, ...photos.map((p) => p.imageId)] };
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
