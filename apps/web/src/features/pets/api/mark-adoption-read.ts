import type { UnreadMessages } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { adoptionRequestsKey } from './get-adoption-requests';
import { myAdoptionRequestsKey } from './get-my-adoption-requests';
import { unreadMessagesKey } from './get-unread-messages';

/** PUT /api/adoption-requests/{id}/read: the conversation is read up to now. */
function markAdoptionRead(requestId: string) {
  return api<UnreadMessages>(`/adoption-requests/${encodeURIComponent(requestId)}/read`, {
    method: 'PUT',
  });
}

export const useMarkAdoptionRead = () =>
  useApiMutation({
    mutationFn: markAdoptionRead,
    update: (queryClient, unread) => queryClient.setQueryData(unreadMessagesKey, unread),
    invalidates: [adoptionRequestsKey, myAdoptionRequestsKey],
  });
