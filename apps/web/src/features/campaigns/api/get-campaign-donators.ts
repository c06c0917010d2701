import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Donator } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/donations/{id}/donators (owner or admin): names and amounts, newest first. */
function getCampaignDonators(id: string, signal?: AbortSignal) {
  return api<Donator[]>(`/donations/${encodeURIComponent(id)}/donators`, { signal });
}

export const campaignDonatorsKey = (id: string) =>
  [...queryRoots.campaigns, 'donators', id] as const;

const campaignDonatorsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignDonatorsKey(id),
    queryFn: ({ signal }) => getCampaignDonators(id, signal),
    staleTime: 0,
  });

export function useCampaignDonators(id: string, enabled = true) {
  return useQuery({ ...campaignDonatorsQueryOptions(id), enabled });
}
