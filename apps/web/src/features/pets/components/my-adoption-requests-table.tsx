import { Link } from 'react-router';
import { toast } from 'sonner';
import type { AdoptionRequest } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Td, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedTable } from '@/components/ui/paged-table';
import { useConfirmTarget } from '@/hooks/use-confirm-target';
import { Thumbnail } from '@/components/ui/thumbnail';
import { errorMessage } from '@/lib/api-client';
import { useMyAdoptionRequests } from '../api/get-my-adoption-requests';
import { useWithdrawAdoptionRequest } from '../api/withdraw-adoption-request';
import { AdoptionStatusBadge } from './adoption-status-badge';
import { ConversationLink } from './conversation-link';

export const myRequestTexts = {
  loadFailed: 'Failed to load your adoption requests. Please try again.',
  withdrawTitle: 'Withdraw this request?',
  withdrawText: 'The owner will no longer see it. You can send a new one later.',
  withdrawYes: 'Yes, withdraw it',
  withdrawNo: 'No, keep it',
  withdrawn: 'Request withdrawn.',
  withdrawFailed: 'Failed to withdraw the request. Please try again.',
} as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** My Adoption Requests: what the signed-in user asked for, its status, Withdraw while pending. */
export function MyAdoptionRequestsTable() {
  const list = useMyAdoptionRequests();
  const withdraw = useWithdrawAdoptionRequest();
  const toWithdraw = useConfirmTarget<AdoptionRequest>();

  async function confirmWithdraw() {
    if (!toWithdraw.target) return;
    try {
      await withdraw.mutateAsync(toWithdraw.target._id);
      toast.success(myRequestTexts.withdrawn);
    } catch (err) {
      toast.error(errorMessage(err, myRequestTexts.withdrawFailed));
    }
  }

  return (
    <>
      <PagedTable
        list={list}
        caption="My Adoption Requests"
        loadingLabel="Loading your adoption requests"
        loadFailed={myRequestTexts.loadFailed}
        empty={
          <EmptyState
            title="You have not asked to adopt a pet yet."
            description="Requests you send from a pet's page appear here with their status."
            link={{ to: '/petlist', label: 'Find a pet' }}
          />
        }
        pagerLabel="My adoption request pages"
        columns={[
          'Serial No',
          'Pet',
          'Requested On',
          'Status',
          'Request',
          <span className="sr-only">Actions</span>,
        ]}
        row={(request, rowNumber) => {
          return (
            <Tr key={request._id}>
              <Td>{rowNumber}</Td>
              <Td className="whitespace-nowrap">
                <Link
                  to={`/pets/${request.petId}`}
                  className="flex items-center gap-3 font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  <Thumbnail src={request.petImage} alt="" />
                  <span>{request.petName}</span>
                </Link>
              </Td>
              <Td className="whitespace-nowrap">
                <time dateTime={request.createdAt}>
                  {dateFormat.format(new Date(request.createdAt))}
                </time>
              </Td>
              <Td>
                <AdoptionStatusBadge status={request.status} />
              </Td>
              <Td>
                <ConversationLink request={request} />
              </Td>
              <Td>
                {request.status === 'pending' && (
                  <Button variant="secondary" size="sm" onClick={() => toWithdraw.ask(request)}>
                    Withdraw
                  </Button>
                )}
              </Td>
            </Tr>
          );
        }}
      />
      <ConfirmDialog
        {...toWithdraw.dialog}
        title={myRequestTexts.withdrawTitle}
        description={myRequestTexts.withdrawText}
        confirmLabel={myRequestTexts.withdrawYes}
        cancelLabel={myRequestTexts.withdrawNo}
        danger
        onConfirm={confirmWithdraw}
      />
    </>
  );
}
