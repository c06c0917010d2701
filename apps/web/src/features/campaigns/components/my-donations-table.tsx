import { Link } from 'react-router';
import { responsiveImage } from '@pet-haven/shared/images';
import { formatAmount } from '@pet-haven/shared/money';
import { buttonClasses } from '@/components/ui/button';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { TableSkeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/utils/format-date';
import { useMyDonations } from '../api/get-my-donations';

export const MY_DONATIONS_FAILED_TEXT = 'Failed to fetch your donations. Please try again.';

/** My Donations (dashboard tab `payment`): the signed-in user's donations, newest first. */
export function MyDonationsTable() {
  const donations = useMyDonations();

  if (donations.isPending) return <TableSkeleton columns={3} label="Loading your donations" />;
  if (donations.isError) return <ErrorText>{MY_DONATIONS_FAILED_TEXT}</ErrorText>;
  if (donations.data.length === 0) {
    return (
      <EmptyState
        title="You have not donated yet."
        description="Every campaign helps a pet in need."
        action={
          <Link to="/donation" className={buttonClasses()}>
            See donation campaigns
          </Link>
        }
      />
    );
  }

  return (
    <DataTable caption="My donations" hideCaption>
      <thead>
        <tr>
          <Th>Campaign</Th>
          <Th>Amount</Th>
          <Th>Date</Th>
        </tr>
      </thead>
      <tbody>
        {donations.data.map((d) => (
          <Tr key={d._id}>
            <Td>
              <Link
                to={`/donation-details/${d.campaignId}`}
                className="flex items-center gap-3 font-medium text-brand-700 hover:underline dark:text-brand-200"
              >
                <img
                  {...responsiveImage(d.petPicture, '48px')}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-12 rounded-lg object-cover"
                />
                {d.petName}
              </Link>
            </Td>
            <Td className="tabular-nums">{formatAmount(d.amount)}</Td>
            <Td className="whitespace-nowrap">
              <time dateTime={d.date}>{formatDateTime(d.date)}</time>
            </Td>
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}
