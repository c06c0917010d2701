import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countRows, pageFrom } from '../../db/paging';
import { favourites, images, pets } from '../../db/schema/index';
import type { Page, PageWindow } from '../../lib/paging';

export interface FavouriteRow {
  id: string;
  petId: string | null;
  savedName: string;
  petName: string | null;
  imageId: string | null;
  imageWidth: number | null;
  adopted: boolean | null;
  createdAt: Date;
}

/** Saves a pet for a user (its name as it is now); saving it again changes nothing. */
export async function insertFavourite(
  db: DbOrTx,
  userId: string,
  pet: { id: string; petName: string },
): Promise<boolean> {
  const rows = await db
    .insert(favourites)
    .values({ userId, petId: pet.id, petName: pet.petName })
    .onConflictDoNothing({ target: [favourites.userId, favourites.petId] })
    .returning({ id: favourites.id });
  return rows.length > 0;
}

/**
 * Removes a favourite of a user, named by its pet's id or by its own (a pet no longer listed has
 * none); answers whether it was there.
 */
export async function deleteFavourite(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), or(eq(favourites.petId, id), eq(favourites.id, id))))
    .returning({ id: favourites.id });
  return rows.length > 0;
}

/** Deletes every favourite of this user: their account goes. */
export async function deleteFavouritesOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(favourites).where(eq(favourites.userId, userId));
}

/** One page of a user's favourites, newest first, with each pet as it is now (if it still is). */
export function listFavourites(
  db: DbOrTx,
  userId: string,
  window: PageWindow,
): Promise<Page<FavouriteRow>> {
  const where = eq(favourites.userId, userId);
  return pageFrom(
    window,
    ({ limit, offset }) =>
      db
        .select({
          id: favourites.id,
          petId: favourites.petId,
          savedName: favourites.petName,
          petName: pets.petName,
          imageId: pets.imageId,
          imageWidth: images.width,
          adopted: pets.adopted,
          createdAt: favourites.createdAt,
        })
        .from(favourites)
        .leftJoin(pets, eq(pets.id, favourites.petId))
        .leftJoin(images, eq(images.id, pets.imageId))
        .where(where)
        .orderBy(desc(favourites.createdAt), desc(favourites.id))
        .limit(limit)
        .offset(offset),
    countRows(db, favourites, where),
  );
}

/** The ids of the pets a user saved (those that still exist), newest first, at most `limit`. */
export async function listFavouritePetIds(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ petId: sql<string>`${favourites.petId}` })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), isNotNull(favourites.petId)))
    .orderBy(desc(favourites.createdAt))
    .limit(limit);
  return rows.map((r) => r.petId);
}

/** The pet a favourite is about (name for the snapshot), or null when there is none. */
export async function findPetToSave(
  db: DbOrTx,
  petId: string,
): Promise<{ id: string; petName: string } | null> {
  const [row] = await db
    .select({ id: pets.id, petName: pets.petName })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  return row ?? null;
}
