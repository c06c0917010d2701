import type { AdoptionRequestDetail } from '@pet-haven/shared/pets';
import { detailQuery } from '@/lib/detail-query';
import { queryRoots } from '@/lib/query-keys';

export const adoptionRequestKey = (id: string) =>
  [...queryRoots.adoptionRequests, 'detail', id] as const;

/** GET /api/adoption-requests/{id}: a request with the history of its status. */
const adoptionRequest = detailQuery<AdoptionRequestDetail>(
  adoptionRequestKey,
  '/adoption-requests',
);

export const useAdoptionRequest = adoptionRequest.useDetail;
