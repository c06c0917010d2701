import { DONATION_LIST_PAGE_SIZE, type Campaign } from '@pet-haven/shared/campaigns';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

export const myCampaignsKey = [...queryRoots.campaigns, 'mine'] as const;

/** GET /api/donations: the signed-in user's own campaigns, paused ones included, a page at a time. */
export const useMyCampaigns = () =>
  useNumberedPages<Campaign>({
    key: myCampaignsKey,
    path: '/donations',
    limit: DONATION_LIST_PAGE_SIZE,
  });
