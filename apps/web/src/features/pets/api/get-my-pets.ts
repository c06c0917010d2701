import { DASHBOARD_PAGE_SIZE, type Pet } from '@pet-haven/shared/pets';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of every page of the user's own pets. */
export const myPetsKey = [...queryRoots.pets, 'mine'] as const;

/** GET /api/user/pets?email: the signed-in user's own pets, a page at a time. */
export const useMyPets = (email: string) =>
  useNumberedPages<Pet>({
    key: myPetsKey,
    path: '/user/pets',
    query: { email },
    limit: DASHBOARD_PAGE_SIZE,
  });
