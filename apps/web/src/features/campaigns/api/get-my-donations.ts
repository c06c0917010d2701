import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDonation } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/user/donations: the signed-in user's own donations, newest first. */
function getMyDonations(signal?: AbortSignal) {
  return api<MyDonation[]>('/user/donations', { signal });
}

export const myDonationsKey = [...queryRoots.donations, 'mine'] as const;

const myDonationsQueryOptions = () =>
  queryOptions({
    queryKey: myDonationsKey,
    queryFn: ({ signal }) => getMyDonations(signal),
  });

export function useMyDonations() {
  return useQuery(myDonationsQueryOptions());
}
