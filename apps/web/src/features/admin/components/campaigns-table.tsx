import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { formatAmount } from '@pet-haven/shared/money';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Td, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { PagedTable } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { Thumbnail } from '@/components/ui/thumbnail';
import { useConfirmTarget } from '@/hooks/use-confirm-target';
import { formatCalendarDate } from '@/utils/format-date';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useAllCampaigns } from '../api/get-all-campaigns';
import { useSetCampaignPaused } from '../api/set-campaign-paused';
import { RowActions } from './row-actions';

/**
 * The admin All Donations tab (spec section 2): Picture, Description, Max Donation, Last Date,
 * Status (Paused or Active), Delete (after a confirmation) and Pause or Unpause.
 */
export function CampaignsTable() {
  const list = useAllCampaigns();
  const deleteCampaign = useDeleteCampaign();
  const setPaused = useSetCampaignPaused();
  const toDelete = useConfirmTarget<Campaign>();

  const confirmDelete = async () => {
    if (!toDelete.target) return;
    try {
      const answer = await deleteCampaign.mutateAsync(toDelete.target._id);
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
      <PagedTable
        list={list}
        caption="All donation campaigns"
        columns={['Picture', 'Description', 'Max Donation', 'Last Date', 'Status', 'Actions']}
        loadingLabel="Loading campaigns"
        skeletonColumns={6}
        error={<ErrorText>{messages.campaigns.listFailed}</ErrorText>}
        empty={<EmptyState title="No donation campaigns yet." />}
        above={(total) => (
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
            Total Campaigns: {total}
          </p>
        )}
        pagerLabel="Campaigns pages"
        row={(campaign) => (
          <Tr key={campaign._id}>
            <Td>
              <Thumbnail src={campaign.petPicture} alt={campaign.petName} />
            </Td>
            <Td className="max-w-xs">
              <p className="font-medium">{campaign.petName}</p>
              <p className="text-slate-600 dark:text-slate-300">{campaign.shortDescription}</p>
            </Td>
            <Td>{formatAmount(campaign.maxDonationAmount)}</Td>
            <Td className="whitespace-nowrap">{formatCalendarDate(campaign.lastDate, 'short')}</Td>
            <Td>
              <StatusBadge tone={campaign.paused ? 'amber' : 'green'}>
                {campaign.paused ? 'Paused' : 'Active'}
              </StatusBadge>
            </Td>
            <Td>
              <RowActions
                name={campaign.petName}
                onDelete={() => toDelete.ask(campaign)}
                toggleLabel={campaign.paused ? 'Unpause' : 'Pause'}
                onToggle={() => togglePaused(campaign)}
                toggling={setPaused.isPending && setPaused.variables?.id === campaign._id}
              />
            </Td>
          </Tr>
        )}
      />
      <ConfirmDialog
        {...toDelete.dialog}
        title={messages.campaigns.adminConfirmDelete}
        description={toDelete.target && `The campaign for ${toDelete.target.petName}.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onConfirm={confirmDelete}
      />
    </div>
  );
}
