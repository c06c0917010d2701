import { Link } from 'react-router';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { formatAmount } from '@pet-haven/shared/money';
import { buttonClasses } from '@/components/ui/button';
import { CardPicture } from '@/components/ui/picture';

interface CampaignCardProps {
  campaign: Campaign;
  /** Its place in the grid, from 0 (the first row's pictures are not lazy). */
  position: number;
}

/** One campaign of the public grid: picture, pet name, Max Donation, Donated, View Details. */
export function CampaignCard({ campaign, position }: CampaignCardProps) {
  const headingId = `campaign-${campaign._id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <CardPicture
        src={campaign.petPicture}
        alt={campaign.petName}
        position={position}
        className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {campaign.petName}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-300">Max Donation:</dt>
          <dd className="font-medium tabular-nums">{formatAmount(campaign.maxDonationAmount)}</dd>
          <dt className="text-slate-600 dark:text-slate-300">Donated:</dt>
          <dd className="font-medium tabular-nums">{formatAmount(campaign.donatedAmount)}</dd>
        </dl>
        <Link
          to={`/donation-details/${campaign._id}`}
          className={buttonClasses({ className: 'mt-auto self-start' })}
        >
          View Details
        </Link>
      </div>
    </article>
  );
}
