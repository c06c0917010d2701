import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { adoptionTransitions, type AdoptionRequest } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { Td, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedTable } from '@/components/ui/paged-table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { useAdoptionRequests } from '../api/get-adoption-requests';
import { useUpdateAdoptionRequest } from '../api/update-adoption-request';
import { AdoptionStatusBadge } from './adoption-status-badge';
import { ConversationLink } from './conversation-link';
import type { Viewer } from './viewer';

const ADOPTION_REQUESTS_LOAD_FAILED = 'Failed to load adoption requests. Please try again.';

type Decision = 'accepted' | 'rejected';

/** The Accept and Reject columns: each button's label, and its label once decided. */
const decisions: Decision[] = ['accepted', 'rejected'];
const decisionLook = {
  accepted: { label: 'Accept', done: 'Accepted', variant: 'primary' },
  rejected: { label: 'Reject', done: 'Rejected', variant: 'danger' },
} as const;

/**
 * Adoption Requests: the requests on the owner's pets, with Accept and Reject (each enabled where
 * the request can move that way), its status, and a link to its page (answers, history, messages,
 * Confirm adoption).
 */
export function AdoptionRequestsTable({ viewer }: { viewer: Viewer }) {
  const list = useAdoptionRequests(viewer.email);
  const update = useUpdateAdoptionRequest();

  function decide(request: AdoptionRequest, status: Decision) {
    update.mutate(
      { id: request._id, status },
      {
        onSuccess: () =>
          toast.success(
            status === 'accepted' ? messages.adoption.accepted : messages.adoption.rejected,
          ),
        onError: () => toast.error(messages.adoption.updateFailed),
      },
    );
  }

  return (
    <>
      <PagedTable
        list={list}
        caption="Adoption Requests"
        loadingLabel="Loading adoption requests"
        loadFailed={ADOPTION_REQUESTS_LOAD_FAILED}
        empty={
          <EmptyState
            title="No adoption requests yet."
            description="When someone asks to adopt one of your pets, the request appears here."
          />
        }
        pagerLabel="Adoption request pages"
        columns={[
          'Serial No',
          'Pet',
          'Requester Name',
          'Email',
          'Phone',
          'Location',
          'Accept',
          'Reject',
          'Status',
          'Request',
        ]}
        row={(request, rowNumber) => {
          const busy = update.isPending && update.variables?.id === request._id;
          return (
            <Tr key={request._id}>
              <Td>{rowNumber}</Td>
              <Td className="whitespace-nowrap">
                <div className="flex items-center gap-3">
                  <Thumbnail src={request.petImage} alt="" />
                  <span>{request.petName}</span>
                </div>
              </Td>
              <Td className="font-medium whitespace-nowrap">{request.userName}</Td>
              <Td className="whitespace-nowrap">{request.userEmail}</Td>
              <Td className="whitespace-nowrap">{request.phone ?? '—'}</Td>
              <Td className="min-w-48">{request.address ?? '—'}</Td>
              {decisions.map((decision) => (
                <Td key={decision}>
                  <Button
                    size="sm"
                    variant={decisionLook[decision].variant}
                    disabled={
                      request.status === decision ||
                      !adoptionTransitions[request.status].includes(decision) ||
                      busy
                    }
                    loading={busy && update.variables?.status === decision}
                    onClick={() => decide(request, decision)}
                  >
                    {request.status === decision
                      ? decisionLook[decision].done
                      : decisionLook[decision].label}
                  </Button>
                </Td>
              ))}
              <Td>
                <AdoptionStatusBadge status={request.status} />
              </Td>
              <Td>
                <ConversationLink request={request} />
              </Td>
            </Tr>
          );
        }}
      />
    </>
  );
}
