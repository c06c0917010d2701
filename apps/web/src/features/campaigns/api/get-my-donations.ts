import { DONATION_LIST_PAGE_SIZE, type MyDonation } from '@pet-haven/shared/campaigns';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

export const myDonationsKey = [...queryRoots.donations, 'mine'] as const;

/** GET /api/user/donations: the signed-in user's own donations, newest first, a page at a time. */
export const useMyDonations = () =>
  useNumberedPages<MyDonation>({
    key: myDonationsKey,
    path: '/user/donations',
    limit: DONATION_LIST_PAGE_SIZE,
  });
