import type { AdoptionRequest, AdoptionRequestBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { myAdoptionRequestsKey } from './get-my-adoption-requests';

/** POST /api/adoption-requests: name, e-mail and the pet's name and picture come from the server. */
function createAdoptionRequest(body: AdoptionRequestBody) {
  return api<AdoptionRequest>('/adoption-requests', { method: 'POST', json: body });
}

export const useCreateAdoptionRequest = () =>
  useApiMutation({ mutationFn: createAdoptionRequest, invalidates: [myAdoptionRequestsKey] });
