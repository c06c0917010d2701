import type { SavedSearchDeleted } from '@pet-haven/shared/saved-searches';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { savedSearchesKey } from './get-saved-searches';

/** DELETE /api/user/saved-searches/{id}. */
export const useDeleteSavedSearch = () =>
  useApiMutation({
    mutationFn: (id: string) =>
      api<SavedSearchDeleted>(`/user/saved-searches/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    invalidates: [savedSearchesKey],
  });
