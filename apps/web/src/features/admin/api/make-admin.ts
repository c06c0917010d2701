import type { ModifiedCountAnswer } from '@pet-haven/shared/users';
import { api } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutations';
import { queryRoots } from '@/lib/query-keys';

/**
 * PATCH /api/users/admin/{id} (admin): promotes a user; modifiedCount 0 when already an admin, 409
 * when the user's e-mail is not verified.
 */
function makeAdmin(id: string) {
  return api<ModifiedCountAnswer>(`/users/admin/${encodeURIComponent(id)}`, {
    method: 'PATCH',
  });
}

export const useMakeAdmin = () =>
  useApiMutation({
    mutationFn: (user: { _id: string; name: string }) => makeAdmin(user._id),
    // The users list and every cached admin check (auth feature) are under the users root.
    invalidates: [queryRoots.users],
    evenOnError: true,
  });
