import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/donations: the signed-in user's own campaigns, paused ones included. */
function getMyCampaigns(signal?: AbortSignal) {
  return api<Campaign[]>('/donations', { signal });
}

export const myCampaignsKey = [...queryRoots.campaigns, 'mine'] as const;

const myCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: myCampaignsKey,
    queryFn: ({ signal }) => getMyCampaigns(signal),
  });

export function useMyCampaigns() {
  return useQuery(myCampaignsQueryOptions());
}
