import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CreateCampaignBody } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { campaignsRootKey } from './get-campaigns';

/** POST /api/create-donation-campaigns: the owner is the signed-in user. */
export function createCampaign(body: CreateCampaignBody) {
  return api<Campaign>('/create-donation-campaigns', { method: 'POST', json: body });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsRootKey }),
  });
}
