import type { MarkAdoptedBody, Pet } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { petKey } from './get-pet';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** PATCH /api/pets/{id}/adopted: the owner marks their pet adopted (one way). */
function markPetAdopted(id: string) {
  const body: MarkAdoptedBody = { adopted: true };
  return api<Pet>(`/pets/${encodeURIComponent(id)}/adopted`, { method: 'PATCH', json: body });
}

export const useMarkPetAdopted = () =>
  useApiMutation({
    mutationFn: markPetAdopted,
    invalidates: (id) => [myPetsKey, petListKey, petKey(id)],
  });
