import { SAVED_SEARCHES_MAX, type SavedSearch } from '@pet-haven/shared/saved-searches';
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
