import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCheckAnswer } from '@pet-haven/shared/users';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { useAuth } from '../hooks/use-auth';

/** GET /api/users/admin/{email}: whether that user is an admin (yourself, or any when admin). */
function getAdminStatus(email: string, signal?: AbortSignal): Promise<AdminCheckAnswer> {
  return api<AdminCheckAnswer>(`/users/admin/${encodeURIComponent(email)}`, { signal });
}

export const adminStatusKey = (email: string) =>
  [...queryRoots.users, 'admin-status', email.toLowerCase()] as const;

const adminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: adminStatusKey(email),
    queryFn: ({ signal }) => getAdminStatus(email, signal),
    staleTime: 5 * 60_000,
    // A failed check must not be re-run by each component that mounts afterwards: the dashboard
    // frame shows 'Loading...' while it runs, which would unmount and remount them in a loop.
    retryOnMount: false,
  });

/** Whether the signed-in user is an admin; `isLoading` while the check runs (or the session loads). */
export function useIsAdmin() {
  const { user, status } = useAuth();
  const query = useQuery({
    ...adminStatusQueryOptions(user?.email ?? ''),
    enabled: Boolean(user),
  });
  return {
    isAdmin: query.data?.admin === true,
    isLoading: status === 'loading' || (Boolean(user) && query.isPending),
    isError: query.isError,
    error: query.error,
  };
}
