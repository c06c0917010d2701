import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pet } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';

/** GET /api/pets/{id}: one pet (details screen and edit form). */
export function getPet(id: string, signal?: AbortSignal) {
  return api<Pet>(`/pets/${encodeURIComponent(id)}`, { signal });
}

export const petDetailRootKey = ['pets', 'detail'] as const;

export const petQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...petDetailRootKey, id],
    queryFn: ({ signal }) => getPet(id, signal),
  });

export function usePet(id: string) {
  return useQuery(petQueryOptions(id));
}
