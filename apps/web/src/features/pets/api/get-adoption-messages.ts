import { MESSAGES_PAGE_SIZE, type AdoptionMessage } from '@pet-haven/shared/pets';
import { useInfiniteList } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

export const adoptionMessagesKey = (requestId: string) =>
  [...queryRoots.adoptionRequests, 'messages', requestId] as const;

const idOf = (message: AdoptionMessage) => message._id;

/** GET /api/adoption-requests/{id}/messages: the conversation, newest first, a page at a time. */
export const useAdoptionMessages = (requestId: string) =>
  useInfiniteList<AdoptionMessage>(
    {
      key: adoptionMessagesKey(requestId),
      path: `/adoption-requests/${encodeURIComponent(requestId)}/messages`,
      limit: MESSAGES_PAGE_SIZE,
    },
    idOf,
  );
