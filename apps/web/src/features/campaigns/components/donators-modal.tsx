import type { ReactNode } from 'react';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { formatAmount } from '@pet-haven/shared/money';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { useCampaignDonators } from '../api/get-campaign-donators';

interface DonatorsModalProps {
  campaign: Campaign;
  /** The View Donators button: it opens the dialog and gets the focus back when it closes. */
  trigger: ReactNode;
}

/**
 * View Donators: who donated to a campaign and how much, with Close (spec section 2). The
 * list is fetched when the dialog opens (its content is mounted only while open).
 */
export function DonatorsModal({ campaign, trigger }: DonatorsModalProps) {
  return (
    <Modal
      trigger={trigger}
      title={`Donators of ${campaign.petName}`}
      footer={
        <ModalClose asChild>
          <Button variant="secondary">Close</Button>
        </ModalClose>
      }
    >
      <DonatorList id={campaign._id} />
    </Modal>
  );
}

function DonatorList({ id }: { id: string }) {
  const donators = useCampaignDonators(id);
  if (donators.isPending) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading donators</span>
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-2/3" />
      </div>
    );
  }
  if (donators.isError) return <ErrorText>{messages.campaigns.donatorsFailed}</ErrorText>;
  if (donators.data.length === 0) {
    return <p className="text-slate-600 dark:text-slate-300">No donations yet.</p>;
  }
  return (
    <ul aria-label="Donators" className="divide-y divide-slate-200 dark:divide-slate-700">
      {donators.data.map((d) => (
        <li key={d.id} className="flex items-center justify-between gap-4 py-2">
          <span className="font-medium">{d.name}</span>
          <span className="tabular-nums">{formatAmount(d.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
