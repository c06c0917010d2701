import type { Campaign } from '@pet-haven/shared/campaigns';
import { detailQuery } from '@/lib/detail-query';
import { queryRoots } from '@/lib/query-keys';

export const campaignKey = (id: string) => [...queryRoots.campaigns, 'detail', id] as const;

/** GET /api/donations/{id}: one campaign with its raised amount (donatedAmount). */
const campaign = detailQuery<Campaign>(campaignKey, '/donations');

export const useCampaign = campaign.useDetail;

/** Fetches it into the cache (a page rendered on the server, decision 021); rejects with the ApiError. */
export const loadCampaign = campaign.load;
