import { DASHBOARD_PAGE_SIZE, type AdoptionRequest } from '@pet-haven/shared/pets';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of every page of the requests the user received. */
export const adoptionRequestsKey = [...queryRoots.adoptionRequests, 'received'] as const;

/** GET /api/user/adoption-requests?email: the requests on the signed-in user's pets. */
export const useAdoptionRequests = (email: string) =>
  useNumberedPages<AdoptionRequest>({
    key: adoptionRequestsKey,
    path: '/user/adoption-requests',
    query: { email },
    limit: DASHBOARD_PAGE_SIZE,
  });
