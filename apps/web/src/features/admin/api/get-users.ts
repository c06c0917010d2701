import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import type { User } from '@pet-haven/shared/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/users (admin): one page of users, the total from X-Total-Count. */
function getUsers(page: number, limit = ADMIN_PAGE_SIZE, signal?: AbortSignal) {
  return apiPage<User>('/users', { query: { page, limit }, signal });
}

/** The key of every page of the users list (under the users root). */
export const usersKey = [...queryRoots.users, 'all'] as const;

const usersQueryOptions = (page: number, limit = ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...usersKey, { page, limit }],
    queryFn: ({ signal }) => getUsers(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, limit = ADMIN_PAGE_SIZE) =>
  useQuery(usersQueryOptions(page, limit));
