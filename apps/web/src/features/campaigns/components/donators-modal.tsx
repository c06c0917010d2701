import type { ReactNode } from 'react';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { formatAmount } from '@pet-haven/shared/money';
import { Button } from '@/components/ui/button';
import { ErrorText } from '@/components/ui/error-text';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useCampaignDonators } from '../api/get-campaign-donators';

interface DonatorsModalProps {
  campaign: Campaign;
  /** The View Donators button: it opens the dialog and gets the focus back when it closes. */
  trigger: ReactNode;
}

/**
 * View Donators: who donated to a campaign and how much, with Close (spec section 2). The
 * list is fetched when the dialog opens (its content is mounted only while open), 20 donations
 * a page with Previous and Next.
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
  const list = useCampaignDonators(id);
  const donators = list.query;
  if (donators.isPending || list.stepping) {
    return (
      <LoadingRegion label="Loading donators" className="flex flex-col gap-2">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-2/3" />
      </LoadingRegion>
    );
  }
  if (donators.isError) return <ErrorText>{messages.campaigns.donatorsFailed}</ErrorText>;
  if (donators.data.total === 0) {
    return <p className="text-slate-600 dark:text-slate-300">No donations yet.</p>;
  }
  return (
    <>
      <ul aria-label="Donators" className="divide-y divide-slate-200 dark:divide-slate-700">
        {donators.data.items.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-4 py-2">
            <span className="font-medium">{d.name}</span>
            <span className="tabular-nums">{formatAmount(d.amount)}</span>
          </li>
        ))}
      </ul>
      <Pagination {...list.pager} label="Donators pages" />
    </>
  );
}
