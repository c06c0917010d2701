import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myAdoptionRequestsKey } from './get-my-adoption-requests';

/** DELETE /api/adoption-requests/{id}: the requester withdraws a pending request. */
function withdrawAdoptionRequest(id: string) {
  return api<unknown>(`/adoption-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useWithdrawAdoptionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAdoptionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAdoptionRequestsKey }),
  });
}
