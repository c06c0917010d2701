import type { QueryClient } from '@tanstack/react-query';
import { CAMPAIGN_PAGE_SIZE, type Campaign } from '@pet-haven/shared/campaigns';
import { loadInfiniteList, useInfiniteList, type PagedList } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of the public list (every loaded page). */
export const campaignListKey = [...queryRoots.campaigns, 'list'] as const;

const campaignId = (c: Campaign) => c._id;

const campaignList: PagedList = {
  key: campaignListKey,
  path: '/donation-campaigns',
  limit: CAMPAIGN_PAGE_SIZE,
};

/**
 * GET /api/donation-campaigns: 9 campaigns a page that are not paused, newest first; one page
 * more each time `query.fetchNextPage` is called, until the last (or an empty) page.
 */
export const useCampaignsInfinite = () => useInfiniteList<Campaign>(campaignList, campaignId);

/** The list's first page into the cache (a page rendered on the server, decision 021). */
export const loadCampaignList = (queryClient: QueryClient) =>
  loadInfiniteList<Campaign>(queryClient, campaignList);
