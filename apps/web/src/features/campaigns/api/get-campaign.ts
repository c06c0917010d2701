import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { campaignsRootKey } from './get-campaigns';

/** GET /api/donations/{id}: one campaign with its raised amount (donatedAmount). */
export function getCampaign(id: string, signal?: AbortSignal) {
  return api<Campaign>(`/donations/${encodeURIComponent(id)}`, { signal });
}

export const campaignDetailKey = (id: string) => [...campaignsRootKey, 'detail', id] as const;

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignDetailKey(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
  });

export function useCampaign(id: string) {
  return useQuery(campaignQueryOptions(id));
}
