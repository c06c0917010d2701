import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { myAdoptionRequestsKey } from './get-my-adoption-requests';

/** DELETE /api/adoption-requests/{id}: the requester withdraws a pending request. */
function withdrawAdoptionRequest(id: string) {
  return api<unknown>(`/adoption-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useWithdrawAdoptionRequest = () =>
  useApiMutation({ mutationFn: withdrawAdoptionRequest, invalidates: [myAdoptionRequestsKey] });
