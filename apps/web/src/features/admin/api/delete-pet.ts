import type { DeletedAnswer } from '@pet-haven/shared/pets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/pets/{id} (admin): deletes any pet with its adoption requests. */
export function deletePet(id: string) {
  return api<DeletedAnswer>(`/pets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    // The pet also leaves the public list and its owner's tables: refresh whatever is cached.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
