import type { AdoptionRequest, AdoptionStatusBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { adoptionRequestsKey } from './get-adoption-requests';

/** PATCH /api/adoption-requests/{id}: the pet's owner accepts or rejects (switching allowed). */
function updateAdoptionRequest(id: string, body: AdoptionStatusBody) {
  return api<AdoptionRequest>(`/adoption-requests/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: body,
  });
}

export const useUpdateAdoptionRequest = () =>
  useApiMutation({
    mutationFn: ({ id, status }: { id: string } & AdoptionStatusBody) =>
      updateAdoptionRequest(id, { status }),
    // the spec: after a change the list reloads
    invalidates: [adoptionRequestsKey],
  });
