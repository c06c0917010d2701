import type { Campaign, PauseAnswer } from '@pet-haven/shared/campaigns';
import { api, type ApiPage } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';
import { myCampaignsKey } from './get-my-campaigns';

/** PATCH /api/donations/{id}/pause (owner): toggles and answers the new value. */
function toggleCampaignPause(id: string) {
  return api<PauseAnswer>(`/donations/${encodeURIComponent(id)}/pause`, { method: 'PATCH' });
}

export const useToggleCampaignPause = () =>
  useApiMutation({
    mutationFn: toggleCampaignPause,
    // Spec section 4: the screen uses the paused value the server answers.
    update: (queryClient, { paused }, id) =>
      queryClient.setQueriesData<ApiPage<Campaign>>(
        { queryKey: myCampaignsKey },
        (page) =>
          page && { ...page, items: page.items.map((c) => (c._id === id ? { ...c, paused } : c)) },
      ),
    invalidates: [queryRoots.campaigns],
  });
