import type { AdminDeleteCampaignAnswer } from '@pet-haven/shared/admin';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
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

export const useDeleteCampaign = () =>
  useApiMutation({
    mutationFn: deleteCampaign,
    // The campaign leaves every list; its donors' donations show it archived.
    invalidates: [queryRoots.campaigns, queryRoots.donations],
    evenOnError: true,
  });
