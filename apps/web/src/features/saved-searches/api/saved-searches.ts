import {
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchBodyInput,
  type UpdateSavedSearchBody,
} from '@pet-haven/shared/saved-searches';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of the list of the user's saved searches. */
export const savedSearchesKey = [...queryRoots.savedSearches, 'list'] as const;

/** GET /api/user/saved-searches: all of them (at most SAVED_SEARCHES_MAX), newest first. */
export const useSavedSearches = () =>
  useNumberedPages<SavedSearch>({
    key: savedSearchesKey,
    path: '/user/saved-searches',
    limit: SAVED_SEARCHES_MAX,
  });

/** POST /api/user/saved-searches. */
export const useSaveSearch = () =>
  useApiMutation({
    mutationFn: (body: SavedSearchBodyInput) =>
      api<SavedSearch>('/user/saved-searches', { method: 'POST', json: body }),
    invalidates: [savedSearchesKey],
  });

/** PATCH /api/user/saved-searches/{id}: rename, or alerts on or off. */
export const useUpdateSavedSearch = () =>
  useApiMutation({
    mutationFn: ({ id, ...body }: UpdateSavedSearchBody & { id: string }) =>
      api<SavedSearch>(`/user/saved-searches/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: body,
      }),
    invalidates: [savedSearchesKey],
  });

/** DELETE /api/user/saved-searches/{id}. */
export const useDeleteSavedSearch = () =>
  useApiMutation({
    mutationFn: (id: string) =>
      api(`/user/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidates: [savedSearchesKey],
  });
