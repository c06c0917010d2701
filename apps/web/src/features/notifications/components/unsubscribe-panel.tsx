import { notificationTopicLabels, notificationTopicSchema } from '@pet-haven/shared/notifications';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { useUnsubscribe } from '../api/unsubscribe';

/** The kind of mail a link's token is about (`<user>.<topic>.<signature>`), for the question. */
const topicOf = (token: string) => notificationTopicSchema.safeParse(token.split('.')[1]).data;

const linkClass =
  'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-accent-300';

/**
 * The page an unsubscribe link opens: says which mail it stops and stops it on a press (a mail
 * scanner that follows the link changes nothing), no sign-in needed.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  const topic = topicOf(token);
  if (!token || !topic) {
    return <ErrorText>This unsubscribe link is not valid.</ErrorText>;
  }
  if (unsubscribe.isSuccess) {
    return (
      <div className="space-y-3 text-sm">
        <p role="status">
          Done: you will no longer get e-mails when:{' '}
          {unsubscribe.data.label.charAt(0).toLowerCase() + unsubscribe.data.label.slice(1)}.
        </p>
        <p>
          You can turn them on again on your{' '}
          <Link to="/dashboard/profile" className={linkClass}>
            profile
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-sm">
      <p>Stop the e-mails you get when: {notificationTopicLabels[topic].toLowerCase()}?</p>
      <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        Unsubscribe
      </Button>
      <ErrorText>
        {unsubscribe.isError
          ? 'This unsubscribe link is not valid, or the server could not be reached.'
          : null}
      </ErrorText>
    </div>
  );
}
