import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CAMPAIGN_PAGE_SIZE, type Campaign } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';

export interface CampaignsPage {
  items: Campaign[];
  page: number;
}

/** GET /api/donation-campaigns?page=n: 9 campaigns that are not paused, newest first; [] ends. */
export async function getCampaigns(page: number, signal?: AbortSignal): Promise<CampaignsPage> {
  const items = await api<Campaign[]>('/donation-campaigns', { query: { page }, signal });
  return { items, page };
}

/** Every key of campaign data starts with this; anything that changes a campaign invalidates it. */
export const campaignsRootKey = ['campaigns'] as const;
export const campaignListKey = [...campaignsRootKey, 'list'] as const;

export const campaignsInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: campaignListKey,
    queryFn: ({ pageParam, signal }) => getCampaigns(pageParam, signal),
    initialPageParam: 1,
    // An empty page ends the list (spec section 4); a short page is the last one too.
    getNextPageParam: (last) =>
      last.items.length === 0 || last.items.length < CAMPAIGN_PAGE_SIZE ? undefined : last.page + 1,
  });

/** The public campaign list, one page more each time `fetchNextPage` is called. */
export function useCampaignsInfinite() {
  return useInfiniteQuery(campaignsInfiniteQueryOptions());
}
