import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { DASHBOARD_PAGE_SIZE, type AdoptionRequest } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Thumbnail } from '@/components/ui/thumbnail';
import { useAdoptionRequests } from '../api/get-adoption-requests';
import { useUpdateAdoptionRequest } from '../api/update-adoption-request';
import { ScrollHint } from './scroll-hint';
import type { Viewer } from './viewer';

const ADOPTION_REQUESTS_LOAD_FAILED = 'Failed to load adoption requests. Please try again.';

type Decision = 'accepted' | 'rejected';

/** Adoption Requests: the requests on the owner's pets, with Accept and Reject. */
export function AdoptionRequestsTable({ viewer }: { viewer: Viewer }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useAdoptionRequests(viewer.email, page);
  const update = useUpdateAdoptionRequest();

  if (isPending) return <TableSkeleton label="Loading adoption requests" />;
  if (isError && !data) {
    return <LoadError message={ADOPTION_REQUESTS_LOAD_FAILED} onRetry={() => void refetch()} />;
  }
  if (data.total === 0) {
    return (
      <EmptyState
        title="No adoption requests yet."
        description="When someone asks to adopt one of your pets, the request appears here."
      />
    );
  }

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

  const pageCount = Math.max(1, Math.ceil(data.total / DASHBOARD_PAGE_SIZE));
  return (
    <>
      <ScrollHint />
      <DataTable caption="Adoption Requests" hideCaption>
        <thead>
          <tr>
            <Th>Serial No</Th>
            <Th>Pet</Th>
            <Th>Requester Name</Th>
            <Th>Email</Th>
            <Th>Phone</Th>
            <Th>Location</Th>
            <Th>Accept</Th>
            <Th>Reject</Th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((request, i) => {
            const busy = update.isPending && update.variables?.id === request._id;
            const busyWith = busy ? update.variables?.status : undefined;
            return (
              <Tr key={request._id}>
                <Td>{(page - 1) * DASHBOARD_PAGE_SIZE + i + 1}</Td>
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
                <Td>
                  <Button
                    size="sm"
                    disabled={request.status === 'accepted' || busy}
                    loading={busyWith === 'accepted'}
                    onClick={() => decide(request, 'accepted')}
                  >
                    {request.status === 'accepted' ? 'Accepted' : 'Accept'}
                  </Button>
                </Td>
                <Td>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={request.status === 'rejected' || busy}
                    loading={busyWith === 'rejected'}
                    onClick={() => decide(request, 'rejected')}
                  >
                    {request.status === 'rejected' ? 'Rejected' : 'Reject'}
                  </Button>
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
        label="Adoption request pages"
      />
    </>
  );
}
