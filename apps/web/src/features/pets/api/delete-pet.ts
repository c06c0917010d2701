import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedAnswer } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { petKey } from './get-pet';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** DELETE /api/pet/{id}: the owner deletes their pet (and its adoption requests). */
function deletePet(id: string) {
  return api<DeletedAnswer>(`/pet/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: petKey(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: myPetsKey }),
        queryClient.invalidateQueries({ queryKey: petListKey }),
      ]);
    },
  });
}
