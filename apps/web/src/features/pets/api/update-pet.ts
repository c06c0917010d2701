import type { Pet, UpdatePetBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { petKey } from './get-pet';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** PATCH /api/update-pet/{id}: the owner or an admin changes a pet. */
function updatePet(id: string, body: UpdatePetBody) {
  return api<Pet>(`/update-pet/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

export const useUpdatePet = (id: string) =>
  useApiMutation({
    mutationFn: (body: UpdatePetBody) => updatePet(id, body),
    invalidates: [petKey(id), petListKey, myPetsKey],
  });
