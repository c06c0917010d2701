import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  campaignBodyOf,
  type Campaign,
  type CampaignForm,
  type UpdateCampaignBody,
} from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { campaignKey } from './get-campaign';

/** PATCH /api/update-donation/{id} (owner or admin): answers the campaign as changed. */
function updateCampaign(id: string, body: UpdateCampaignBody) {
  return api<Campaign>(`/update-donation/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: body,
  });
}

export function useUpdateCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: CampaignForm) => updateCampaign(id, campaignBodyOf(form)),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKey(id), campaign);
      return queryClient.invalidateQueries({ queryKey: queryRoots.campaigns });
    },
  });
}
