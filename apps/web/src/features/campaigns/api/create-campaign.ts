import {
  campaignBodyOf,
  type Campaign,
  type CampaignForm,
  type CreateCampaignBody,
} from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';

/** POST /api/create-donation-campaigns: the owner is the signed-in user. */
function createCampaign(body: CreateCampaignBody) {
  return api<Campaign>('/create-donation-campaigns', { method: 'POST', json: body });
}

export const useCreateCampaign = () =>
  useApiMutation({
    mutationFn: (form: CampaignForm) => createCampaign(campaignBodyOf(form)),
    invalidates: [queryRoots.campaigns],
  });
