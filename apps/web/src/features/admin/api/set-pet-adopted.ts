import type { AdminPetAdoptedBody } from '@pet-haven/shared/admin';
import type { Pet } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';

/** PATCH /api/pets/{id} (admin): sets adopted either way; answers the pet. */
function setPetAdopted(id: string, body: AdminPetAdoptedBody) {
  return api<Pet>(`/pets/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

export const useSetPetAdopted = () =>
  useApiMutation({
    mutationFn: ({ id, adopted }: { id: string; adopted: boolean }) =>
      setPetAdopted(id, { adopted }),
    // An unadopted pet returns to /petlist, an adopted one leaves it; the requests show it too.
    invalidates: [queryRoots.pets, queryRoots.adoptionRequests],
    evenOnError: true,
  });
