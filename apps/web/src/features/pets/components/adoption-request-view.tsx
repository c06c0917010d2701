import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import {
  adoptionMessageBodySchema,
  adoptionStatusLabels,
  adoptionTransitions,
  conversationOpenStatuses,
  homeTypeLabels,
  type AdoptionAnswers,
  type AdoptionMessageBody,
  type AdoptionRequestDetail,
  type AdoptionStatus,
} from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorText } from '@/components/ui/error-text';
import { FormField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { DetailsSkeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { Thumbnail } from '@/components/ui/thumbnail';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format-date';
import { useAdoptionMessages } from '../api/get-adoption-messages';
import { useAdoptionRequest } from '../api/get-adoption-request';
import { useMarkAdoptionRead } from '../api/mark-adoption-read';
import { useSendAdoptionMessage } from '../api/send-adoption-message';
import { useUpdateAdoptionRequest } from '../api/update-adoption-request';
import { AdoptionStatusBadge } from './adoption-status-badge';

export const requestPageTexts = {
  loading: 'Loading the adoption request...',
  loadFailed: 'Failed to load the adoption request. Please try again.',
  notFound: 'This adoption request does not exist or is not yours to see.',
  messagesFailed: 'Failed to load the messages. Please try again.',
  sendFailed: 'Failed to send the message. Please try again.',
  noMessages: 'No messages yet. Ask a question or arrange a visit.',
  closedConversation: 'This conversation is closed.',
  adoptedConfirmed: 'Adoption confirmed.',
} as const;

/** The owner's moves on the request's page, in the order they show. */
const moves: Array<{ to: AdoptionStatus; label: string; variant: 'primary' | 'danger' }> = [
  { to: 'accepted', label: 'Accept', variant: 'primary' },
  { to: 'adopted', label: 'Confirm adoption', variant: 'primary' },
  { to: 'rejected', label: 'Reject', variant: 'danger' },
];

const yesNo = (v: 'yes' | 'no') => (v === 'yes' ? 'Yes' : 'No');

/** The application answers given, as label and text; the questions left out are not listed. */
function answerRows(answers: AdoptionAnswers): Array<[string, string]> {
  const rows: Array<[string, string | undefined]> = [
    ['Home type', answers.homeType && homeTypeLabels[answers.homeType]],
    ['Garden', answers.garden && yesNo(answers.garden)],
    ['Children at home', answers.childrenAtHome && yesNo(answers.childrenAtHome)],
    ['Other pets', answers.otherPets],
    ['Experience with pets', answers.experience],
    ['Message to the owner', answers.message],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/**
 * /dashboard/adoption/:id: one request as its two parties (and admins) see it: the requester's
 * details and answers, the owner's moves (Accept, Confirm adoption, Reject), the history of its
 * status, and the conversation, marked read on opening.
 */
export function AdoptionRequestView({ id }: { id: string }) {
  const request = useAdoptionRequest(id);

  if (request.isPending) return <DetailsSkeleton label={requestPageTexts.loading} showLabel />;
  if (request.isError) {
    const missing =
      isApiError(request.error) &&
      ([403, 404].includes(request.error.status) || request.error.code === 'VALIDATION_FAILED');
    return missing ? (
      <ErrorText>{requestPageTexts.notFound}</ErrorText>
    ) : (
      <LoadError message={requestPageTexts.loadFailed} onRetry={() => void request.refetch()} />
    );
  }
  return <RequestDetails request={request.data} />;
}

function RequestDetails({ request }: { request: AdoptionRequestDetail }) {
  const answers = request.answers ? answerRows(request.answers) : [];
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex items-center gap-4">
          <Thumbnail src={request.petImage} alt="" />
          <div className="min-w-0">
            <p className="text-lg font-semibold wrap-anywhere">
              <Link
                to={`/pets/${request.petId}`}
                className="text-brand-700 hover:underline dark:text-brand-300"
              >
                {request.petName}
              </Link>
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Requested by {request.userName} on {formatDateTime(request.createdAt)}
            </p>
          </div>
          <div className="ml-auto">
            <AdoptionStatusBadge status={request.status} />
          </div>
        </div>

        {request.viewerSide === 'owner' && <OwnerMoves request={request} />}

        <section aria-labelledby="request-contact">
          <h3 id="request-contact" className="mb-2 font-semibold">
            Requester
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-medium">Name</dt>
            <dd className="wrap-anywhere">{request.userName}</dd>
            <dt className="font-medium">Email</dt>
            <dd className="break-all">{request.userEmail}</dd>
            {request.phone && (
              <>
                <dt className="font-medium">Phone</dt>
                <dd>{request.phone}</dd>
              </>
            )}
            {request.address && (
              <>
                <dt className="font-medium">Address</dt>
                <dd className="whitespace-pre-line wrap-anywhere">{request.address}</dd>
              </>
            )}
          </dl>
        </section>

        {answers.length > 0 && (
          <section aria-labelledby="request-answers">
            <h3 id="request-answers" className="mb-2 font-semibold">
              Answers
            </h3>
            <dl className="flex flex-col gap-2 text-sm">
              {answers.map(([label, value]) => (
                <div key={label}>
                  <dt className="font-medium">{label}</dt>
                  <dd className="whitespace-pre-line wrap-anywhere text-slate-700 dark:text-slate-300">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}

        <section aria-labelledby="request-history">
          <h3 id="request-history" className="mb-2 font-semibold">
            History
          </h3>
          <ol className="flex flex-col gap-1 text-sm">
            {request.history.map((event) => (
              <li key={`${event.status}-${event.at}`}>
                <span className="font-medium">{adoptionStatusLabels[event.status]}</span>
                {' — '}
                {event.byName ?? 'a deleted account'},{' '}
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <Conversation request={request} />
    </div>
  );
}

function OwnerMoves({ request }: { request: AdoptionRequestDetail }) {
  const update = useUpdateAdoptionRequest();
  const allowed = moves.filter((m) => adoptionTransitions[request.status].includes(m.to));
  if (allowed.length === 0) return null;

  function move(to: AdoptionStatus) {
    update.mutate(
      { id: request._id, status: to as 'accepted' | 'rejected' | 'adopted' },
      {
        onSuccess: () =>
          toast.success(
            to === 'accepted'
              ? messages.adoption.accepted
              : to === 'rejected'
                ? messages.adoption.rejected
                : requestPageTexts.adoptedConfirmed,
          ),
        onError: (err) => toast.error(errorMessage(err, messages.adoption.updateFailed)),
      },
    );
  }

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Decide on this request">
      {allowed.map((m) => {
        const button = (
          <Button
            key={m.to}
            variant={m.variant}
            disabled={update.isPending}
            loading={update.isPending && update.variables?.status === m.to}
            onClick={m.to === 'adopted' ? undefined : () => move(m.to)}
          >
            {m.label}
          </Button>
        );
        // the one move that cannot be taken back: asked once more
        return m.to === 'adopted' ? (
          <ConfirmDialog
            key={m.to}
            title={`Confirm the adoption of ${request.petName}?`}
            description={`${request.petName} is marked adopted, and every other open request for it is closed; their senders are told by e-mail.`}
            confirmLabel="Confirm adoption"
            onConfirm={() => move(m.to)}
            trigger={button}
          />
        ) : (
          button
        );
      })}
    </div>
  );
}

function Conversation({ request }: { request: AdoptionRequestDetail }) {
  const { query, items } = useAdoptionMessages(request._id);
  const markRead = useMarkAdoptionRead();
  const { mutate: markAsRead } = markRead;
  const isParty = request.viewerSide !== null;
  const newest = items[0]?._id;

  // opening the page (and each new message shown) reads the conversation up to now
  useEffect(() => {
    if (isParty && query.isSuccess) markAsRead(request._id);
  }, [isParty, query.isSuccess, newest, request._id, markAsRead]);

  const open = conversationOpenStatuses.includes(request.status);
  // newest first from the server; read top to bottom, oldest first
  const shown = [...items].reverse();

  return (
    <section aria-labelledby="request-conversation" className="flex min-w-0 flex-col gap-4">
      <h3 id="request-conversation" className="font-semibold">
        Conversation
      </h3>
      {query.isPending ? (
        <DetailsSkeleton label="Loading messages" />
      ) : query.isError ? (
        <LoadError message={requestPageTexts.messagesFailed} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              className="self-center"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show earlier messages
            </Button>
          )}
          {shown.length === 0 ? (
            open && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {requestPageTexts.noMessages}
              </p>
            )
          ) : (
            // new messages (the other party's, fetched again) are read out as they come
            <ol
              className="flex flex-col gap-3"
              aria-label="Messages"
              aria-live="polite"
              aria-relevant="additions"
            >
              {shown.map((m) => (
                <li
                  key={m._id}
                  className={
                    m.mine
                      ? 'ml-8 rounded-xl bg-brand-50 p-3 dark:bg-brand-900/40'
                      : 'mr-8 rounded-xl bg-slate-100 p-3 dark:bg-slate-800'
                  }
                >
                  <p className="text-xs text-slate-600 dark:text-slate-300">
                    {m.mine ? 'You' : (m.authorName ?? 'A deleted account')},{' '}
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  </p>
                  <p className="whitespace-pre-line wrap-anywhere">{m.body}</p>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {isParty &&
        (open ? (
          <MessageForm requestId={request._id} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {requestPageTexts.closedConversation}
          </p>
        ))}
    </section>
  );
}

function MessageForm({ requestId }: { requestId: string }) {
  const send = useSendAdoptionMessage(requestId);
  const form = useForm<AdoptionMessageBody>({
    resolver: zodResolver(adoptionMessageBodySchema),
    defaultValues: { body: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset();
    } catch (err) {
      toast.error(errorMessage(err, requestPageTexts.sendFailed));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <FormField label="Your message" error={errors.body?.message}>
        <Textarea rows={3} {...form.register('body')} />
      </FormField>
      <Button type="submit" className="self-end" loading={isSubmitting}>
        Send
      </Button>
    </form>
  );
}
