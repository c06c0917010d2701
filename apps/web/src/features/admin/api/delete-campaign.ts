import type { AdminDeleteCampaignAnswer } from '@pet-haven/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * DELETE /api/admin/donation-campaigns/{id} (admin): erases a campaign without donations,
 * archives one with donations (its donors keep their records).
 */
function deleteCampaign(id: string) {
  return api<AdminDeleteCampaignAnswer>(`/admin/donation-campaigns/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    // The campaign leaves every list; its donors' donations show it archived.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.campaigns }),
        queryClient.invalidateQueries({ queryKey: queryRoots.donations }),
      ]),
  });
}
