import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { User } from '@pet-haven/shared/users';
import { useNumberedPages } from '@/lib/paging';
import { queryRoots } from '@/lib/query-keys';

/** The key of every page of the users list (under the users root). */
export const usersKey = [...queryRoots.users, 'all'] as const;

/** GET /api/users (admin): the users, a page at a time. */
export const useUsers = () =>
  useNumberedPages<User>({ key: usersKey, path: '/users', limit: ADMIN_PAGE_SIZE });
