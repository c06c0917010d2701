import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { formatAmount } from '@pet-haven/shared/money';
import { Button, buttonClasses } from '@/components/ui/button';
import { Td, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { PagedTable } from '@/components/ui/paged-table';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StatusBadge } from '@/components/ui/status-badge';
import { useMyCampaigns } from '../api/get-my-campaigns';
import { useToggleCampaignPause } from '../api/toggle-campaign-pause';
import { DonatorsModal } from './donators-modal';

/** Where the dashboard's create tab lives (the route passes it in; features do not know routes). */
interface MyCampaignsTableProps {
  createPath: string;
}

/**
 * My Donation Campaigns (spec section 2): Pet Name, Maximum Donation, a progress bar,
 * Pause or Unpause, Edit (-> /donation/{id}) and View Donators. A campaign an admin archived
 * stays listed, marked Archived, with only View Donators; an admin's pause has no Unpause.
 */
export function MyCampaignsTable({ createPath }: MyCampaignsTableProps) {
  const list = useMyCampaigns();
  const toggle = useToggleCampaignPause();

  const togglePaused = (c: Campaign) =>
    toggle.mutate(c._id, {
      onSuccess: ({ paused }) =>
        toast.success(
          paused
            ? `${c.petName}'s campaign is paused.`
            : `${c.petName}'s campaign is active again.`,
        ),
      onError: () => toast.error(messages.campaigns.statusUpdateFailed),
    });

  return (
    <PagedTable
      list={list}
      caption="My donation campaigns"
      columns={['Pet Name', 'Maximum Donation', 'Progress', 'Actions']}
      loadingLabel="Loading your campaigns"
      skeletonColumns={4}
      error={<ErrorText>{messages.campaigns.listFailed}</ErrorText>}
      empty={
        <EmptyState
          title="You have not created any donation campaigns yet."
          link={{ to: createPath, label: 'Create Donation Campaign' }}
        />
      }
      pagerLabel="My campaigns pages"
      row={(c) => {
        const busy = toggle.isPending && toggle.variables === c._id;
        const raised = formatAmount(c.donatedAmount);
        const max = formatAmount(c.maxDonationAmount);
        return (
          <Tr key={c._id}>
            <Td>
              <span className="font-medium">{c.petName}</span>
              {c.archived ? (
                <StatusBadge tone="slate" className="ml-2">
                  Archived
                </StatusBadge>
              ) : (
                c.paused && (
                  <StatusBadge tone="amber" className="ml-2">
                    {c.pausedByAdmin ? 'Paused by an admin' : 'Paused'}
                  </StatusBadge>
                )
              )}
            </Td>
            <Td className="tabular-nums">{max}</Td>
            <Td className="min-w-44">
              <ProgressBar
                value={c.donatedAmount}
                max={c.maxDonationAmount}
                label={`Donations for ${c.petName}`}
                valueText={`${raised} of ${max}`}
              />
              <span className="mt-1 block text-xs text-slate-600 tabular-nums dark:text-slate-300">
                {raised} of {max}
              </span>
            </Td>
            <Td>
              <div className="flex flex-wrap gap-2">
                {/* archived: read-only; an admin's pause: only an admin resumes it */}
                {!c.archived && !c.pausedByAdmin && (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={busy}
                    aria-label={`${c.paused ? 'Unpause' : 'Pause'} ${c.petName}`}
                    onClick={() => togglePaused(c)}
                  >
                    {c.paused ? 'Unpause' : 'Pause'}
                  </Button>
                )}
                {!c.archived && (
                  <Link
                    to={`/donation/${c._id}`}
                    className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    aria-label={`Edit ${c.petName}`}
                  >
                    Edit
                  </Link>
                )}
                <DonatorsModal
                  campaign={c}
                  trigger={
                    <Button variant="ghost" size="sm" aria-label={`View Donators of ${c.petName}`}>
                      View Donators
                    </Button>
                  }
                />
              </div>
            </Td>
          </Tr>
        );
      }}
    />
  );
}
