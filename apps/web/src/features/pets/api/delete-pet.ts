import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedAnswer } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { petDetailRootKey } from './get-pet';
import { petListRootKey } from './get-pets';
import { myPetsRootKey } from './get-my-pets';

/** DELETE /api/pet/{id}: the owner deletes their pet (and its adoption requests). */
export function deletePet(id: string) {
  return api<DeletedAnswer>(`/pet/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...petDetailRootKey, id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: myPetsRootKey }),
        queryClient.invalidateQueries({ queryKey: petListRootKey }),
      ]);
    },
  });
}
