import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of every page of the admin's list (under the campaigns root). */
export const allCampaignsKey = [...queryRoots.campaigns, 'all'] as const;

/** GET /api/admin/donation-campaigns (admin): every campaign, paused included, archived not. */
export const useAllCampaigns = () =>
  useNumberedPages<Campaign>({
    key: allCampaignsKey,
    path: '/admin/donation-campaigns',
    limit: ADMIN_PAGE_SIZE,
  });
