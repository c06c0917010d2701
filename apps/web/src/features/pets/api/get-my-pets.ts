import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PAGE_SIZE, type Pet } from '@pet-haven/shared/pets';
import { apiPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/user/pets?email: the signed-in user's own pets, one page. */
function getMyPets(email: string, page: number, signal?: AbortSignal) {
  return apiPage<Pet>('/user/pets', {
    query: { email, page, limit: DASHBOARD_PAGE_SIZE },
    signal,
  });
}

/** The key of every page of the user's own pets. */
export const myPetsKey = [...queryRoots.pets, 'mine'] as const;

const myPetsQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: [...myPetsKey, email, page],
    queryFn: ({ signal }) => getMyPets(email, page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyPets(email: string, page: number) {
  return useQuery(myPetsQueryOptions(email, page));
}
