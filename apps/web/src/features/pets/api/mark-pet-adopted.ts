import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkAdoptedBody, Pet } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { petDetailRootKey } from './get-pet';
import { petListRootKey } from './get-pets';
import { myPetsRootKey } from './get-my-pets';

/** PATCH /api/pets/{id}/adopted: the owner marks their pet adopted (one way). */
export function markPetAdopted(id: string) {
  const body: MarkAdoptedBody = { adopted: true };
  return api<Pet>(`/pets/${encodeURIComponent(id)}/adopted`, { method: 'PATCH', json: body });
}

export function useMarkPetAdopted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPetAdopted,
    onSuccess: (_answer, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myPetsRootKey }),
        queryClient.invalidateQueries({ queryKey: petListRootKey }),
        queryClient.invalidateQueries({ queryKey: [...petDetailRootKey, id] }),
      ]),
  });
}
