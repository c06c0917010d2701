import { Link } from 'react-router';
import type { AdoptionRequest } from '@pet-haven/shared/pets';

/** The link to a request's page (answers, history, conversation), with its unread messages. */
export function ConversationLink({ request }: { request: AdoptionRequest }) {
  const unread = request.unreadMessages;
  return (
    <Link
      to={`/dashboard/adoption/${request._id}`}
      className="inline-flex items-center gap-2 font-medium whitespace-nowrap text-brand-700 hover:underline dark:text-brand-300"
    >
      Open
      <span className="sr-only">
        {` the request for ${request.petName} from ${request.userName}`}
        {unread > 0 && `, ${unread} unread ${unread === 1 ? 'message' : 'messages'}`}
      </span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
        >
          {unread} new
        </span>
      )}
    </Link>
  );
}
