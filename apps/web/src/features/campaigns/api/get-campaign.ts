import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/donations/{id}: one campaign with its raised amount (donatedAmount). */
function getCampaign(id: string, signal?: AbortSignal) {
  return api<Campaign>(`/donations/${encodeURIComponent(id)}`, { signal });
}

export const campaignKey = (id: string) => [...queryRoots.campaigns, 'detail', id] as const;

const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKey(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
  });

export function useCampaign(id: string) {
  return useQuery(campaignQueryOptions(id));
}

/** Fetches it into the cache (a page rendered on the server, decision 021); rejects with the ApiError. */
export const loadCampaign = (queryClient: QueryClient, id: string): Promise<Campaign> =>
  queryClient.fetchQuery(campaignQueryOptions(id));
