import type { DeletedAnswer } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { petKey } from './get-pet';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** DELETE /api/pet/{id}: the owner deletes their pet (and its adoption requests). */
function deletePet(id: string) {
  return api<DeletedAnswer>(`/pet/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeletePet = () =>
  useApiMutation({
    mutationFn: deletePet,
    update: (queryClient, _answer, id) => queryClient.removeQueries({ queryKey: petKey(id) }),
    invalidates: [myPetsKey, petListKey],
  });
