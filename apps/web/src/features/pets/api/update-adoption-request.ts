import type { AdoptionRequest, AdoptionStatusBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';

/**
 * PATCH /api/adoption-requests/{id}: the pet's owner accepts or rejects (switching allowed), or
 * confirms an accepted request as the adoption.
 */
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
    // the spec: after a change the list reloads; the request's page and the pet's state with it
    invalidates: [queryRoots.adoptionRequests, queryRoots.pets],
  });
