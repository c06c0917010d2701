import { createHash } from 'node:crypto';
import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  ageBands,
  birthDateFromAge,
  petCategories,
  type AgeGroup,
  type PetCategory,
  type PetSize,
  type PetSort,
} from '@pet-haven/shared/pets';
import { SEARCH_COUNT_CAP } from '@pet-haven/shared/pagination';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import {
  afterCursor,
  countRows,
  countRowsUpTo,
  cursorAtOf,
  keysetPageFrom,
  pageFrom,
  totalOf,
  withoutExtraRow,
} from '../../db/paging';
import { pageBounds, preparedRead } from '../../db/prepared';
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
  return where.length > 0 ? and(...where) : undefined;
}

/** `where`, and after the cursor in the values `atMicros` and `afterId` (newest first). */
const afterCursorOfValues = (where: SQL | undefined) =>
  and(
    where,
    afterCursor(pets.dateAdded, pets.id, {
      atMicros: sql.placeholder('atMicros'),
      id: sql.placeholder('afterId'),
    }),
  );

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
 * write (decision 027), in time that does not grow with the pets. An owner's: counted with the
 * page's predicate, served by the owner's index.
 */
function countPets(db: DbOrTx, v: ListValues) {
  const shape = shapeOf({ ...v, atMicros: undefined });
  return preparedRead(db, `pets_count_${shape}`, (name) => {
    if (v.owner !== undefined) {
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
  const bounds = pageBounds(v.limit, v.offset);
  return preparedRead(
    db,
    `pets_page_${shapeOf(v)}_${bounds.name}`,
    (name) => {
      const where = conditions(v);
      const pageIds = db
        .select({ id: pets.id, cursorAt: cursorAtOf(pets.dateAdded).as('cursor_at') })
        .from(pets)
        .where(v.atMicros !== undefined ? afterCursorOfValues(where) : where)
        .orderBy(...newestFirst)
        .limit(bounds.limit)
        .offset(bounds.offset)
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
    },
    { sized: true },
  ).execute(v);
}

/**
 * One page of pets, newest first (id breaks ties), and how many match in all, exactly
 * (`countPets`): the public list and its categories, an owner's pets. A name search is a search
 * (`searchPets`, decision 047). In keyset order (the public list, `keysetPageOf`) the page starts
 * after the window's cursor and tells where the next one starts. Both statements are prepared once
 * per shape of the filter (decision 029), the page's also per page size (decision 051); the
 * embedded database keeps their answers until its next write (decision 030).
 */
export function listPets(
  db: DbOrTx,
  // no name: a name search given here would not be filtered by, so the type refuses one
  filter: Omit<PetFilter, 'search'> & { search?: undefined },
  window: PageWindow,
): Promise<Page<PetRow>> {
  const after = window.keyset?.after;
  const values: ListValues = {
    adopted: filter.adopted,
    category: filter.category,
    owner: filter.ownerId,
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

/**
 * Whether a list asks for nothing beyond the plain list, newest first, by category or adoption
 * state (`listPets`); anything else, a name search too, is a search (`searchPets`).
 */
export const isPlainList = (filter: PetFilter, search: PetSearch) =>
  !filter.search &&
  search.sort === 'newest' &&
  !search.ageGroup &&
  !search.size &&
  !search.sex &&
  !search.goodWithChildren &&
  !search.goodWithDogs &&
  !search.goodWithCats &&
  !search.near;

/** The values of a search's statement, by placeholder name, and its shape (one statement each). */
interface SearchStatement {
  where: SQL | undefined;
  values: Record<string, unknown>;
  shape: string[];
}

/**
 * The WHERE of a search (a name, facts, distance), every value a placeholder (`values` holds them;
 * `shape` names what the text depends on): prepared once per shape, like the plain list's
 * (decision 029). An age group is born in its months for its category (ageBands, one place): a
 * birth date on or before today minus the group's first month, and after today minus its last.
 */
function searchStatement(filter: PetFilter, search: PetSearch): SearchStatement {
  const where: SQL[] = [];
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const param = (name: string, value: unknown) => {
    values[name] = value;
    shape.push(name);
    return sql.placeholder(name);
  };
  if (filter.adopted !== undefined) where.push(eq(pets.adopted, param('adopted', filter.adopted)));
  if (filter.category !== undefined) {
    where.push(eq(pets.petCategory, param('category', filter.category)));
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    where.push(sql`lower(${pets.petName}) like ${param('pattern', pattern)}`);
  }
  if (search.ageGroup) {
    const index = ['baby', 'young', 'adult', 'senior'].indexOf(search.ageGroup);
    const bornIn = (c: PetCategory, key: string) => {
      const bounds = [0, ...ageBands[c]];
      const from = birthDateFromAge(0, bounds[index]!, search.today);
      const parts = [sql`${pets.birthDate} <= ${param(`bornBy${key}`, from)}`];
      const until = bounds[index + 1];
      if (until !== undefined) {
        const after = birthDateFromAge(0, until, search.today);
        parts.push(sql`${pets.birthDate} > ${param(`bornAfter${key}`, after)}`);
      }
      return and(...parts)!;
    };
    shape.push(`age:${search.ageGroup}`);
    where.push(
      filter.category
        ? bornIn(filter.category, '')
        : or(
            ...petCategories.map((c) =>
              and(sql`${pets.petCategory} = ${sql.raw(`'${c}'`)}`, bornIn(c, `_${c}`)),
            ),
          )!,
    );
  }
  if (search.size) where.push(eq(pets.size, param('size', search.size)));
  if (search.sex) where.push(eq(pets.sex, param('sex', search.sex)));
  for (const [name, column] of [
    ['goodWithChildren', pets.goodWithChildren],
    ['goodWithDogs', pets.goodWithDogs],
    ['goodWithCats', pets.goodWithCats],
  ] as const) {
    if (search[name]) {
      where.push(sql`${column} = 'yes'`);
      shape.push(name);
    }
  }
  if (search.near) {
    const origin = originOf(
      param('latitude', search.near.latitude),
      param('longitude', search.near.longitude),
    );
    const withinM = param('withinM', search.near.withinM);
    // the box is served by the GiST index pets_earth_idx; the distance trims its corners
    where.push(
      sql`${pets.latitude} is not null`,
      sql`earth_box(${origin}, ${withinM}::float8) @> ${petPoint}`,
      sql`earth_distance(${origin}, ${petPoint}) <= ${withinM}::float8`,
    );
  }
  return { where: where.length > 0 ? and(...where) : undefined, values, shape };
}

/**
 * A statement's name for a search of `shape`: short, since PostgreSQL keeps names of at most 63
 * bytes, and one per shape.
 */
const searchStatementName = (kind: string, shape: string) =>
  `pets_${kind}_${createHash('sha256').update(shape).digest('base64url').slice(0, 22)}`;

/** The point of a distance search on the earth (earthdistance: a sphere, metres). */
const originOf = (latitude: Placeholder, longitude: Placeholder) =>
  sql`ll_to_earth(${latitude}::float8, ${longitude}::float8)`;
const petPoint = sql`ll_to_earth(${pets.latitude}, ${pets.longitude})`;

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
  const { where, values } = searchStatement(filter, search);
  // a job's read, inside its transaction: run unnamed (prepare('')), so the saved searches'
  // many shapes leave no statement behind on the connection
  return selectPets(db)
    .where(
      and(
        where,
        gt(pets.dateAdded, sql.placeholder('addedAfter')),
        lte(pets.dateAdded, sql.placeholder('addedUntil')),
        ne(pets.ownerId, sql.placeholder('excludeOwnerId')),
      ),
    )
    .orderBy(asc(pets.dateAdded), asc(pets.id))
    .limit(sql.placeholder('limit'))
    .prepare('')
    .execute({
      ...values,
      addedAfter: added.after,
      addedUntil: added.until,
      excludeOwnerId,
      limit,
    });
}

/**
 * A page of the public list searched by name, filtered by facts or distance, or sorted otherwise
 * than newest first (`isPlainList` false). Its statements are prepared once per shape of the search, like the plain
 * list's (decision 029); it is counted with the page's predicate up to SEARCH_COUNT_CAP, and not
 * at all when the page's rows tell the total (`totalOf`: a narrow search fits on its first page;
 * decisions 041 and 047). Newest first pages by keyset cursor like the plain list; the other sorts page by
 * offset (each answer's next link says where to go on).
 */
export async function searchPets(
  db: DbOrTx,
  filter: PetFilter,
  search: PetSearch,
  window: PageWindow,
): Promise<Page<PetRow>> {
  const { where, values, shape } = searchStatement(filter, search);
  const origin = search.near
    ? originOf(sql.placeholder('latitude'), sql.placeholder('longitude'))
    : null;
  const distance = origin ? sql<number>`earth_distance(${origin}, ${petPoint})` : null;
  const byCursor = search.sort === 'newest' && window.keyset !== undefined;
  // a cursor is a place in newest-first order only; the other sorts page by offset
  const after = byCursor ? window.keyset?.after : undefined;
  // A distance search reads every match in its box to sort it anyway: its first page counts them
  // in the same statement (a window over the page's ids), exactly. A page after a cursor cannot.
  const countsInPage = search.near !== undefined && !after;
  const key = `${shape.join('.')}.${search.sort}${after ? '.after' : ''}`;
  const rowsOf = ({ limit, offset }: PageWindow) =>
    preparedRead(
      db,
      searchStatementName('search', key),
      (name) => {
        const pageIds = db
          .select({
            id: pets.id,
            matches: (countsInPage ? sql<number>`count(*) over ()` : sql<null>`null`).as('matches'),
          })
          .from(pets)
          .where(after ? afterCursorOfValues(where) : where)
          .orderBy(...orderOf(search, distance))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .as('page_ids');
        // only the page's few rows are joined to their owner, picture and place
        return db
          .select({
            ...petColumns,
            distanceM: distance ? distance.mapWith(Number) : sql<null>`null`,
            cursorAt: cursorAtOf(pets.dateAdded),
            matches: sql<number | null>`${pageIds.matches}`.mapWith((v) =>
              v === null ? null : Number(v),
            ),
          })
          .from(pets)
          .innerJoin(pageIds, eq(pageIds.id, pets.id))
          .innerJoin(user, eq(user.id, pets.ownerId))
          .innerJoin(images, eq(images.id, pets.imageId))
          .leftJoin(places, eq(places.id, pets.placeId))
          .orderBy(...orderOf(search, distance))
          .prepare(name);
      },
      { shaped: true },
    ).execute({ ...values, atMicros: after?.atMicros, afterId: after?.id, limit, offset });
  // Sorted otherwise but with no name, facts or distance, the list keeps its exact total
  // (pet_counts), as it has newest first; a search counts so far (decisions 041 and 047).
  const exact = isPlainList(filter, { ...search, sort: 'newest' });
  const cap = exact ? Infinity : SEARCH_COUNT_CAP;
  const countAll = () =>
    exact
      ? countPets(db, {
          adopted: filter.adopted,
          category: filter.category,
          limit: 0,
          offset: 0,
        })
      : preparedRead(
          db,
          searchStatementName('count', shape.join('.')),
          (name) => countRowsUpTo(db, pets, where, SEARCH_COUNT_CAP).prepare(name),
          { shaped: true },
        ).execute(values);
  /** The total of a page that shows `rows`: from their window when they have it, else counted. */
  const totalFor = (
    pageWindow: PageWindow,
    rows: Array<{ matches: number | null }>,
    more: boolean,
  ) => {
    const matches = rows[0]?.matches ?? null;
    const count = matches === null ? countAll : async () => [{ total: matches }];
    return totalOf(pageWindow, { shown: rows.length, more }, count, cap);
  };
  if (byCursor) {
    const page = await keysetPageFrom(window, rowsOf);
    return { ...page, ...(await totalFor(window, page.rows, page.next !== null)) };
  }
  // by offset, one row more than the page: it tells whether a page follows, which a total past
  // the cap cannot
  const byOffset = { limit: window.limit, offset: window.offset };
  const read = await rowsOf({ ...byOffset, limit: window.limit + 1 });
  const { rows, more } = withoutExtraRow(read, window.limit);
  return { rows, more, ...(await totalFor(byOffset, rows, more)) };
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
