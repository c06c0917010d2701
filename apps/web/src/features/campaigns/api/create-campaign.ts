import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  campaignBodyOf,
  type Campaign,
  type CampaignForm,
  type CreateCampaignBody,
} from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** POST /api/create-donation-campaigns: the owner is the signed-in user. */
function createCampaign(body: CreateCampaignBody) {
  return api<Campaign>('/create-donation-campaigns', { method: 'POST', json: body });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: CampaignForm) => createCampaign(campaignBodyOf(form)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.campaigns }),
  });
}
