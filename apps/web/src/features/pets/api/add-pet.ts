import type { Pet, PetBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** POST /api/add-pet: the owner is the signed-in user (any userEmail sent is ignored). */
function addPet(body: PetBody) {
  return api<Pet>('/add-pet', { method: 'POST', json: body });
}

export const useAddPet = () =>
  useApiMutation({ mutationFn: addPet, invalidates: [petListKey, myPetsKey] });
