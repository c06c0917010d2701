import type { AdminCampaignPausedBody } from '@pet-haven/shared/admin';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';

/** PATCH /api/admin/donation-campaigns/{id} (admin): sets paused; answers the campaign. */
function setCampaignPaused(id: string, body: AdminCampaignPausedBody) {
  return api<Campaign>(`/admin/donation-campaigns/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: body,
  });
}

export const useSetCampaignPaused = () =>
  useApiMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      setCampaignPaused(id, { paused }),
    // A paused campaign leaves /donation, an unpaused one returns: every campaign view refreshes.
    invalidates: [queryRoots.campaigns],
    evenOnError: true,
  });
