import type { SavedSearch, UpdateSavedSearchBody } from '@pet-haven/shared/saved-searches';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { savedSearchesKey } from './get-saved-searches';

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
