import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkAdoptedBody, Pet } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { petKey } from './get-pet';
import { petListKey } from './get-pets';
import { myPetsKey } from './get-my-pets';

/** PATCH /api/pets/{id}/adopted: the owner marks their pet adopted (one way). */
function markPetAdopted(id: string) {
  const body: MarkAdoptedBody = { adopted: true };
  return api<Pet>(`/pets/${encodeURIComponent(id)}/adopted`, { method: 'PATCH', json: body });
}

export function useMarkPetAdopted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPetAdopted,
    onSuccess: (_answer, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myPetsKey }),
        queryClient.invalidateQueries({ queryKey: petListKey }),
        queryClient.invalidateQueries({ queryKey: petKey(id) }),
      ]),
  });
}
