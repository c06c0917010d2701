import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/admin/donation-campaigns (admin): every campaign, paused included, archived not. */
function getAllCampaigns(page: number, limit = ADMIN_PAGE_SIZE, signal?: AbortSignal) {
  return apiPage<Campaign>('/admin/donation-campaigns', { query: { page, limit }, signal });
}

/** The key of every page of the admin's list (under the campaigns root). */
export const allCampaignsKey = [...queryRoots.campaigns, 'all'] as const;

const allCampaignsQueryOptions = (page: number, limit = ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...allCampaignsKey, { page, limit }],
    queryFn: ({ signal }) => getAllCampaigns(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useAllCampaigns = (page: number, limit = ADMIN_PAGE_SIZE) =>
  useQuery(allCampaignsQueryOptions(page, limit));
