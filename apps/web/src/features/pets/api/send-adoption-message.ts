import type { AdoptionMessage, AdoptionMessageBody } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { adoptionMessagesKey } from './get-adoption-messages';
import { unreadMessagesKey } from './get-unread-messages';

/** POST /api/adoption-requests/{id}/messages: write to the other party. */
function sendAdoptionMessage(requestId: string, body: AdoptionMessageBody) {
  return api<AdoptionMessage>(`/adoption-requests/${encodeURIComponent(requestId)}/messages`, {
    method: 'POST',
    json: body,
  });
}

export const useSendAdoptionMessage = (requestId: string) =>
  useApiMutation({
    mutationFn: (body: AdoptionMessageBody) => sendAdoptionMessage(requestId, body),
    invalidates: [adoptionMessagesKey(requestId), unreadMessagesKey],
  });
