import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DASHBOARD_PAGE_SIZE,
  type AdoptionRequest,
  type AdoptionStatus,
} from '@pet-haven/shared/pets';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { Thumbnail } from '@/components/ui/thumbnail';
import { errorMessage } from '@/lib/api-client';
import { clampPage } from '@/utils/pagination';
import { useMyAdoptionRequests } from '../api/get-my-adoption-requests';
import { useWithdrawAdoptionRequest } from '../api/withdraw-adoption-request';
import { ScrollHint } from './scroll-hint';

export const myRequestTexts = {
  loadFailed: 'Failed to load your adoption requests. Please try again.',
  withdrawTitle: 'Withdraw this request?',
  withdrawText: 'The owner will no longer see it. You can send a new one later.',
  withdrawYes: 'Yes, withdraw it',
  withdrawNo: 'No, keep it',
  withdrawn: 'Request withdrawn.',
  withdrawFailed: 'Failed to withdraw the request. Please try again.',
} as const;

const statusLook: Record<AdoptionStatus, { tone: 'amber' | 'green' | 'red'; label: string }> = {
  pending: { tone: 'amber', label: 'Pending' },
  accepted: { tone: 'green', label: 'Accepted' },
  rejected: { tone: 'red', label: 'Rejected' },
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** My Adoption Requests: what the signed-in user asked for, its status, Withdraw while pending. */
export function MyAdoptionRequestsTable() {
  const [requestedPage, setPage] = useState(1);
  // the page asked for tells the total; past the last page (its last request withdrawn) show the last one
  const requested = useMyAdoptionRequests(requestedPage);
  const page = clampPage(requestedPage, requested.data?.total, DASHBOARD_PAGE_SIZE);
  const { data, isPending, isError, refetch, isPlaceholderData } = useMyAdoptionRequests(page);
  const withdraw = useWithdrawAdoptionRequest();
  const [toWithdraw, setToWithdraw] = useState<AdoptionRequest | null>(null);

  const pageCount = data ? Math.max(1, Math.ceil(data.total / DASHBOARD_PAGE_SIZE)) : 1;

  // while stepping back from an emptied page, the empty page stands in: show the skeleton
  if (isPending || (isPlaceholderData && data.items.length === 0))
    return <TableSkeleton label="Loading your adoption requests" />;
  if (isError && !data) {
    return <LoadError message={myRequestTexts.loadFailed} onRetry={() => void refetch()} />;
  }
  if (data.total === 0) {
    return (
      <EmptyState
        title="You have not asked to adopt a pet yet."
        description="Requests you send from a pet's page appear here with their status."
        action={
          <Link to="/petlist" className={buttonClasses()}>
            Find a pet
          </Link>
        }
      />
    );
  }

  async function confirmWithdraw() {
    if (!toWithdraw) return;
    try {
      await withdraw.mutateAsync(toWithdraw._id);
      toast.success(myRequestTexts.withdrawn);
    } catch (err) {
      toast.error(errorMessage(err, myRequestTexts.withdrawFailed));
    }
  }

  return (
    <>
      <ScrollHint />
      <DataTable caption="My Adoption Requests" hideCaption>
        <thead>
          <tr>
            <Th>Serial No</Th>
            <Th>Pet</Th>
            <Th>Requested On</Th>
            <Th>Status</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((request, i) => {
            const look = statusLook[request.status];
            return (
              <Tr key={request._id}>
                <Td>{(page - 1) * DASHBOARD_PAGE_SIZE + i + 1}</Td>
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
                  <StatusBadge tone={look.tone}>{look.label}</StatusBadge>
                </Td>
                <Td>
                  {request.status === 'pending' && (
                    <Button variant="secondary" size="sm" onClick={() => setToWithdraw(request)}>
                      Withdraw
                    </Button>
                  )}
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </DataTable>
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label="My adoption request pages"
      />
      <ConfirmDialog
        open={toWithdraw !== null}
        onOpenChange={(open) => {
          if (!open) setToWithdraw(null);
        }}
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
