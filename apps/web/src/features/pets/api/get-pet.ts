import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Pet } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/pets/{id}: one pet (details screen and edit form). */
function getPet(id: string, signal?: AbortSignal) {
  return api<Pet>(`/pets/${encodeURIComponent(id)}`, { signal });
}

export const petKey = (id: string) => [...queryRoots.pets, 'detail', id] as const;

const petQueryOptions = (id: string) =>
  queryOptions({
    queryKey: petKey(id),
    queryFn: ({ signal }) => getPet(id, signal),
  });

export function usePet(id: string) {
  return useQuery(petQueryOptions(id));
}

/** Fetches it into the cache (a page rendered on the server, decision 021); rejects with the ApiError. */
export const loadPet = (queryClient: QueryClient, id: string): Promise<Pet> =>
  queryClient.fetchQuery(petQueryOptions(id));
