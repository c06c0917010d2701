import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PAGE_SIZE, type Pet } from '@pet-haven/shared/pets';
import { apiPage } from '@/lib/api-client';

/** GET /api/user/pets?email: the signed-in user's own pets, one page. */
export function getMyPets(email: string, page: number, signal?: AbortSignal) {
  return apiPage<Pet>('/user/pets', {
    query: { email, page, limit: DASHBOARD_PAGE_SIZE },
    signal,
  });
}

export const myPetsRootKey = ['pets', 'mine'] as const;

export const myPetsQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: [...myPetsRootKey, email, page],
    queryFn: ({ signal }) => getMyPets(email, page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyPets(email: string, page: number) {
  return useQuery(myPetsQueryOptions(email, page));
}
