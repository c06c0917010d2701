import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, UpdatePetBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { petDetailRootKey } from './get-pet';
import { petListRootKey } from './get-pets';
import { myPetsRootKey } from './get-my-pets';

/** PATCH /api/update-pet/{id}: the owner or an admin changes a pet. */
export function updatePet(id: string, body: UpdatePetBody) {
  return api<Pet>(`/update-pet/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

export function useUpdatePet(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePetBody) => updatePet(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...petDetailRootKey, id] }),
        queryClient.invalidateQueries({ queryKey: petListRootKey }),
        queryClient.invalidateQueries({ queryKey: myPetsRootKey }),
      ]),
  });
}
