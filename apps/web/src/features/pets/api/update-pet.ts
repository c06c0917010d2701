import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, UpdatePetBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { petKey } from './get-pet';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** PATCH /api/update-pet/{id}: the owner or an admin changes a pet. */
function updatePet(id: string, body: UpdatePetBody) {
  return api<Pet>(`/update-pet/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

export function useUpdatePet(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePetBody) => updatePet(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petKey(id) }),
        queryClient.invalidateQueries({ queryKey: petListKey }),
        queryClient.invalidateQueries({ queryKey: myPetsKey }),
      ]),
  });
}
