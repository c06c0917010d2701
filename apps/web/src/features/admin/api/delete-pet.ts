import type { DeletedAnswer } from '@pet-haven/shared/pets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** DELETE /api/pets/{id} (admin): deletes any pet with its adoption requests. */
function deletePet(id: string) {
  return api<DeletedAnswer>(`/pets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    // The pet leaves every list (this one, the public list, its owner's tables), and its adoption
    // requests go with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.pets }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adoptionRequests }),
      ]),
  });
}
