import {
  campaignBodyOf,
  type Campaign,
  type CampaignForm,
  type UpdateCampaignBody,
} from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';
import { campaignKey } from './get-campaign';

/** PATCH /api/update-donation/{id} (owner or admin): answers the campaign as changed. */
function updateCampaign(id: string, body: UpdateCampaignBody) {
  return api<Campaign>(`/update-donation/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: body,
  });
}

export const useUpdateCampaign = (id: string) =>
  useApiMutation({
    mutationFn: (form: CampaignForm) => updateCampaign(id, campaignBodyOf(form)),
    update: (queryClient, campaign) => queryClient.setQueryData(campaignKey(id), campaign),
    invalidates: [queryRoots.campaigns],
  });
