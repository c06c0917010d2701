import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdoptionRequest, AdoptionRequestBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { myAdoptionRequestsKey } from './get-my-adoption-requests';

/** POST /api/adoption-requests: name, e-mail and the pet's name and picture come from the server. */
function createAdoptionRequest(body: AdoptionRequestBody) {
  return api<AdoptionRequest>('/adoption-requests', { method: 'POST', json: body });
}

export function useCreateAdoptionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdoptionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAdoptionRequestsKey }),
  });
}
