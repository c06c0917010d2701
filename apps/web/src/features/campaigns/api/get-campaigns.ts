import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CAMPAIGN_PAGE_SIZE, type Campaign } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface CampaignsPage {
  items: Campaign[];
  page: number;
}

/** GET /api/donation-campaigns?page=n: 9 campaigns that are not paused, newest first; [] ends. */
async function getCampaigns(page: number, signal?: AbortSignal): Promise<CampaignsPage> {
  const items = await api<Campaign[]>('/donation-campaigns', { query: { page }, signal });
  return { items, page };
}

/**
 * The campaigns of the loaded pages, each once, in order. Pages are by offset (`?page=n`), so a
 * campaign created or paused between two loads shifts the pages and a card can come back on the
 * next page: the first occurrence is kept.
 */
export function campaignsOfPages(pages: readonly CampaignsPage[] | undefined): Campaign[] {
  const seen = new Set<string>();
  const out: Campaign[] = [];
  for (const page of pages ?? []) {
    for (const c of page.items) {
      if (seen.has(c._id)) continue;
      seen.add(c._id);
      out.push(c);
    }
  }
  return out;
}

/** The key of the public list (every loaded page). */
export const campaignListKey = [...queryRoots.campaigns, 'list'] as const;

const campaignsInfiniteQueryOptions = () =>
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
