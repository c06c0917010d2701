import type { DeletedAnswer } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';

/** DELETE /api/pets/{id} (admin): deletes any pet with its adoption requests. */
function deletePet(id: string) {
  return api<DeletedAnswer>(`/pets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeletePet = () =>
  useApiMutation({
    mutationFn: deletePet,
    // The pet leaves every list (this one, the public list, its owner's tables), and its adoption
    // requests go with it.
    invalidates: [queryRoots.pets, queryRoots.adoptionRequests],
    evenOnError: true,
  });
