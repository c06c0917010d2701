import { DASHBOARD_PAGE_SIZE, type AdoptionRequest } from '@pet-haven/shared/pets';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of every page of the requests the user sent. */
export const myAdoptionRequestsKey = [...queryRoots.adoptionRequests, 'sent'] as const;

/** GET /api/user/my-adoption-requests: the requests the signed-in user sent, with their status. */
export const useMyAdoptionRequests = () =>
  useNumberedPages<AdoptionRequest>({
    key: myAdoptionRequestsKey,
    path: '/user/my-adoption-requests',
    limit: DASHBOARD_PAGE_SIZE,
  });
