import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PAGE_SIZE, type AdoptionRequest } from '@pet-haven/shared/pets';
import { apiPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/user/my-adoption-requests: the requests the signed-in user sent, with their status. */
function getMyAdoptionRequests(page: number, signal?: AbortSignal) {
  return apiPage<AdoptionRequest>('/user/my-adoption-requests', {
    query: { page, limit: DASHBOARD_PAGE_SIZE },
    signal,
  });
}

/** The key of every page of the requests the user sent. */
export const myAdoptionRequestsKey = [...queryRoots.adoptionRequests, 'sent'] as const;

const myAdoptionRequestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...myAdoptionRequestsKey, page],
    queryFn: ({ signal }) => getMyAdoptionRequests(page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyAdoptionRequests(page: number) {
  return useQuery(myAdoptionRequestsQueryOptions(page));
}
