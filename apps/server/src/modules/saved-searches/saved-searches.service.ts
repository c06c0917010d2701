import {
  SAVED_SEARCHES_MAX,
  type SavedSearchBody,
  type SavedSearchesQuery,
  type UpdateSavedSearchBody,
} from '@pet-haven/shared/saved-searches';
import type { AppDeps } from '../../app-deps';
import { AppError, invalidField, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { findPlace } from '../places/places.repository';
import * as repo from './saved-searches.repository';

/**
 * A user's saved searches (issue 14). Every call acts on the caller's own searches: no route
 * names another user, and another user's search id is a 404, for admins too.
 */
type SavedSearchDeps = Pick<AppDeps, 'database'>;

const searchNotFound = () => notFound('Saved search not found');

/** POST /api/user/saved-searches: at most SAVED_SEARCHES_MAX; `near` must be a place (400). */
export async function saveSearch(deps: SavedSearchDeps, caller: AuthUser, body: SavedSearchBody) {
  const near = new URLSearchParams(body.query).get('near');
  if (near !== null && !(await findPlace(deps.database.db, Number(near)))) {
    throw invalidField('json.query.near', 'near must be a place of the list');
  }
  return deps.database.db.transaction(async (tx) => {
    // one at a time per user (their row lock), so two tabs cannot pass the limit together
    await repo.lockUser(tx, caller.id);
    if ((await repo.countSavedSearches(tx, caller.id)) >= SAVED_SEARCHES_MAX) {
      throw new AppError(
        'CONFLICT',
        `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one first.`,
      );
    }
    return repo.insertSavedSearch(tx, { userId: caller.id, ...body });
  });
}

/** PATCH /api/user/saved-searches/{id}: rename, or turn the alerts on or off. */
export async function updateSearch(
  deps: SavedSearchDeps,
  caller: AuthUser,
  id: string,
  body: UpdateSavedSearchBody,
) {
  const row = await repo.updateOwnSavedSearch(deps.database.db, caller.id, id, body);
  if (!row) throw searchNotFound();
  return row;
}

/** DELETE /api/user/saved-searches/{id}. */
export async function deleteSearch(deps: SavedSearchDeps, caller: AuthUser, id: string) {
  if (!(await repo.deleteOwnSavedSearch(deps.database.db, caller.id, id))) throw searchNotFound();
}

/** GET /api/user/saved-searches: newest first. */
export function listSearches(deps: SavedSearchDeps, caller: AuthUser, query: SavedSearchesQuery) {
  return repo.listSavedSearches(deps.database.db, caller.id, pageOf(query));
}
