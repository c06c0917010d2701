import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, PauseAnswer } from '@pet-haven/shared/campaigns';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { myCampaignsKey } from './get-my-campaigns';

/** PATCH /api/donations/{id}/pause (owner): toggles and answers the new value. */
function toggleCampaignPause(id: string) {
  return api<PauseAnswer>(`/donations/${encodeURIComponent(id)}/pause`, { method: 'PATCH' });
}

export function useToggleCampaignPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCampaignPause,
    onSuccess: ({ paused }, id) => {
      // Spec section 4: the screen uses the paused value the server answers.
      queryClient.setQueryData<Campaign[]>(myCampaignsKey, (list) =>
        list?.map((c) => (c._id === id ? { ...c, paused } : c)),
      );
      return queryClient.invalidateQueries({ queryKey: queryRoots.campaigns });
    },
  });
}
