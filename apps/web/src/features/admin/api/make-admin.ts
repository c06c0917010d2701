import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModifiedCountAnswer } from '@pet-haven/shared/users';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** PATCH /api/users/admin/{id} (admin): promotes a user; modifiedCount 0 when already an admin. */
function makeAdmin(id: string) {
  return api<ModifiedCountAnswer>(`/users/admin/${encodeURIComponent(id)}`, {
    method: 'PATCH',
  });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: { _id: string; name: string }) => makeAdmin(user._id),
    // The users list and every cached admin check (auth feature) are under the users root.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.users }),
  });
}
