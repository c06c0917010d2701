import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { formatAmount } from '@pet-haven/shared/money';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { Pagination } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { Thumbnail } from '@/components/ui/thumbnail';
import { formatCalendarDate } from '@/utils/format-date';
import { clampPage } from '@/utils/pagination';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useAllCampaigns } from '../api/get-all-campaigns';
import { useSetCampaignPaused } from '../api/set-campaign-paused';

/**
 * The admin All Donations tab (spec section 2): Picture, Description, Max Donation, Last Date,
 * Status (Paused or Active), Delete (after a confirmation) and Pause or Unpause.
 */
export function CampaignsTable() {
  const [requestedPage, setPage] = useState(1);
  // the page asked for tells the total; past the last page (its last campaign deleted) show the last one
  const requested = useAllCampaigns(requestedPage);
  const page = clampPage(requestedPage, requested.data?.total, ADMIN_PAGE_SIZE);
  const campaigns = useAllCampaigns(page);
  const deleteCampaign = useDeleteCampaign();
  const setPaused = useSetCampaignPaused();
  const [toDelete, setToDelete] = useState<Campaign | null>(null);

  // while stepping back from an emptied page, the empty page stands in: show the skeleton
  const stepping = campaigns.isPlaceholderData && campaigns.data.items.length === 0;
  if (campaigns.isPending || stepping)
    return <TableSkeleton columns={6} label="Loading campaigns" />;
  if (campaigns.isError) return <ErrorText>{messages.campaigns.listFailed}</ErrorText>;

  const { items, total } = campaigns.data;
  const pageCount = Math.ceil(total / ADMIN_PAGE_SIZE);
  if (items.length === 0) return <EmptyState title="No donation campaigns yet." />;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const answer = await deleteCampaign.mutateAsync(toDelete._id);
      toast.success(
        answer.archived
          ? 'Campaign deleted. Its donations stay on record for its donors.'
          : 'Campaign deleted.',
      );
    } catch {
      toast.error(messages.campaigns.deleteFailed);
    }
  };

  const togglePaused = (campaign: Campaign) =>
    setPaused.mutate(
      { id: campaign._id, paused: !campaign.paused },
      {
        onSuccess: (updated) =>
          toast.success(updated.paused ? 'Campaign paused.' : 'Campaign active.'),
        onError: () => toast.error(messages.campaigns.statusUpdateFailed),
      },
    );

  return (
    <div>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">Total Campaigns: {total}</p>
      <DataTable caption="All donation campaigns" hideCaption>
        <thead>
          <tr>
            <Th>Picture</Th>
            <Th>Description</Th>
            <Th>Max Donation</Th>
            <Th>Last Date</Th>
            <Th>Status</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {items.map((campaign) => {
            const busy = setPaused.isPending && setPaused.variables?.id === campaign._id;
            return (
              <Tr key={campaign._id}>
                <Td>
                  <Thumbnail src={campaign.petPicture} alt={campaign.petName} />
                </Td>
                <Td className="max-w-xs">
                  <p className="font-medium">{campaign.petName}</p>
                  <p className="text-slate-600 dark:text-slate-300">{campaign.shortDescription}</p>
                </Td>
                <Td>{formatAmount(campaign.maxDonationAmount)}</Td>
                <Td className="whitespace-nowrap">
                  {formatCalendarDate(campaign.lastDate, 'short')}
                </Td>
                <Td>
                  <StatusBadge tone={campaign.paused ? 'amber' : 'green'}>
                    {campaign.paused ? 'Paused' : 'Active'}
                  </StatusBadge>
                </Td>
                <Td>
                  <div className="flex gap-2 whitespace-nowrap">
                    <Button variant="danger" size="sm" onClick={() => setToDelete(campaign)}>
                      Delete<span className="sr-only">: {campaign.petName}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={busy}
                      onClick={() => togglePaused(campaign)}
                    >
                      {campaign.paused ? 'Unpause' : 'Pause'}
                      <span className="sr-only">: {campaign.petName}</span>
                    </Button>
                  </div>
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
        label="Campaigns pages"
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={messages.campaigns.adminConfirmDelete}
        description={toDelete ? `The campaign for ${toDelete.petName}.` : undefined}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onConfirm={confirmDelete}
      />
    </div>
  );
}
