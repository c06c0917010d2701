import { useQuery } from '@tanstack/react-query';
import type { UnreadMessages } from '@pet-haven/shared/pets';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const unreadMessagesKey = [...queryRoots.adoptionRequests, 'unread'] as const;

/** GET /api/user/unread-messages: unread messages on the signed-in user's requests. */
export const useUnreadMessages = (enabled = true) =>
  useQuery({
    queryKey: unreadMessagesKey,
    queryFn: ({ signal }) => api<UnreadMessages>('/user/unread-messages', { signal }),
    enabled,
  });
