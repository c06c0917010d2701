import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PAGE_SIZE, type AdoptionRequest } from '@pet-haven/shared/pets';
import { apiPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/user/adoption-requests?email: the requests on the signed-in user's pets. */
function getAdoptionRequests(email: string, page: number, signal?: AbortSignal) {
  return apiPage<AdoptionRequest>('/user/adoption-requests', {
    query: { email, page, limit: DASHBOARD_PAGE_SIZE },
    signal,
  });
}

/** The key of every page of the requests the user received. */
export const adoptionRequestsKey = [...queryRoots.adoptionRequests, 'received'] as const;

const adoptionRequestsQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: [...adoptionRequestsKey, email, page],
    queryFn: ({ signal }) => getAdoptionRequests(email, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdoptionRequests(email: string, page: number) {
  return useQuery(adoptionRequestsQueryOptions(email, page));
}
