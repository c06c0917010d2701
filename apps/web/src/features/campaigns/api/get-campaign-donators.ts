import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Donator } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { campaignsRootKey } from './get-campaigns';

/** GET /api/donations/{id}/donators (owner or admin): names and amounts, newest first. */
export function getCampaignDonators(id: string, signal?: AbortSignal) {
  return api<Donator[]>(`/donations/${encodeURIComponent(id)}/donators`, { signal });
}

export const campaignDonatorsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...campaignsRootKey, 'donators', id],
    queryFn: ({ signal }) => getCampaignDonators(id, signal),
    staleTime: 0,
  });

export function useCampaignDonators(id: string, enabled = true) {
  return useQuery({ ...campaignDonatorsQueryOptions(id), enabled });
}
