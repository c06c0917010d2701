import { Link } from 'react-router';
import { responsiveImage } from '@pet-haven/shared/images';
import { formatAmount } from '@pet-haven/shared/money';
import { Td, Tr } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorText } from '@/components/ui/error-text';
import { PagedTable } from '@/components/ui/paged-table';
import { formatDateTime } from '@/utils/format-date';
import { useMyDonations } from '../api/get-my-donations';

export const MY_DONATIONS_FAILED_TEXT = 'Failed to fetch your donations. Please try again.';

/** My Donations (dashboard tab `payment`): the signed-in user's donations, newest first, 20 a page. */
export function MyDonationsTable() {
  const list = useMyDonations();

  return (
    <PagedTable
      list={list}
      caption="My donations"
      columns={['Campaign', 'Amount', 'Date', 'Receipt']}
      loadingLabel="Loading your donations"
      skeletonColumns={4}
      error={<ErrorText>{MY_DONATIONS_FAILED_TEXT}</ErrorText>}
      empty={
        <EmptyState
          title="You have not donated yet."
          description="Every campaign helps a pet in need."
          link={{ to: '/donation', label: 'See donation campaigns' }}
        />
      }
      pagerLabel="My donations pages"
      row={(d) => (
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
                width={48}
                height={48}
                className="size-12 rounded-lg object-cover"
              />
              {d.petName}
            </Link>
          </Td>
          <Td className="tabular-nums">{formatAmount(d.amount)}</Td>
          <Td className="whitespace-nowrap">
            <time dateTime={d.date}>{formatDateTime(d.date)}</time>
          </Td>
          <Td>
            <Link
              to={`/dashboard/receipts/${d._id}`}
              className="font-medium text-brand-700 hover:underline dark:text-brand-200"
            >
              Receipt
              <span className="sr-only">
                {' '}
                for {d.petName}, {formatDateTime(d.date)}
              </span>
            </Link>
          </Td>
        </Tr>
      )}
    />
  );
}
