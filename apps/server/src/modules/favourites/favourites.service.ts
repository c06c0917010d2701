import { FAVOURITE_IDS_MAX, type FavouritesQuery } from '@pet-haven/shared/favourites';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import * as repo from './favourites.repository';

/**
 * A user's favourite pets (issue 14). Every call acts on the caller's own list: no route names
 * another user, so nobody can read or change someone else's favourites.
 */
type FavouriteDeps = Pick<AppDeps, 'database'>;

/** PUT /api/user/favourites/{id}: saves a pet (any pet that exists, adopted or not); twice is once. */
export async function saveFavourite(
  deps: FavouriteDeps,
  caller: AuthUser,
  petId: string,
): Promise<{ created: boolean }> {
  const pet = await repo.findPetToSave(deps.database.db, petId);
  if (!pet) throw notFound('Pet not found');
  return { created: await repo.insertFavourite(deps.database.db, caller.id, pet) };
}

/**
 * DELETE /api/user/favourites/{id}: removes it, by the pet's id or by the favourite's own (`_id`,
 * for a pet no longer listed); one the caller did not save is a 404.
 */
export async function removeFavourite(
  deps: FavouriteDeps,
  caller: AuthUser,
  id: string,
): Promise<void> {
  if (!(await repo.deleteFavourite(deps.database.db, caller.id, id))) {
    throw notFound('This pet is not in your favourites.');
  }
}

/** GET /api/user/favourites: newest first, each pet as it is now. */
export function listMyFavourites(deps: FavouriteDeps, caller: AuthUser, query: FavouritesQuery) {
  return repo.listFavourites(deps.database.db, caller.id, pageOf(query));
}

/** GET /api/user/favourite-pet-ids: for the hearts on cards and the details page. */
export function myFavouritePetIds(deps: FavouriteDeps, caller: AuthUser): Promise<string[]> {
  return repo.listFavouritePetIds(deps.database.db, caller.id, FAVOURITE_IDS_MAX);
}
