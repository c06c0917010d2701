import type { SavedSearch, SavedSearchBodyInput } from '@pet-haven/shared/saved-searches';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { savedSearchesKey } from './get-saved-searches';

/** POST /api/user/saved-searches. */
export const useSaveSearch = () =>
  useApiMutation({
    mutationFn: (body: SavedSearchBodyInput) =>
      api<SavedSearch>('/user/saved-searches', { method: 'POST', json: body }),
    invalidates: [savedSearchesKey],
  });
