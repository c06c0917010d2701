import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, PetBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** POST /api/add-pet: the owner is the signed-in user (any userEmail sent is ignored). */
function addPet(body: PetBody) {
  return api<Pet>('/add-pet', { method: 'POST', json: body });
}

export function useAddPet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPet,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petListKey }),
        queryClient.invalidateQueries({ queryKey: myPetsKey }),
      ]),
  });
}
