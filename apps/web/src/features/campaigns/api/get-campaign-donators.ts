import { DONATION_LIST_PAGE_SIZE, type Donator } from '@pet-haven/shared/campaigns';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

export const campaignDonatorsKey = (id: string) =>
  [...queryRoots.campaigns, 'donators', id] as const;

/**
 * GET /api/donations/{id}/donators (owner or admin): names and amounts, newest first, a page at
 * a time; asked again each time the list is shown.
 */
export const useCampaignDonators = (id: string) =>
  useNumberedPages<Donator>(
    {
      key: campaignDonatorsKey(id),
      path: `/donations/${encodeURIComponent(id)}/donators`,
      limit: DONATION_LIST_PAGE_SIZE,
    },
    { staleTime: 0 },
  );
