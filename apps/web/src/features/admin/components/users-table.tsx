import { messages } from '@pet-haven/shared/messages';
import type { User } from '@pet-haven/shared/users';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Td, Tr } from '@/components/ui/data-table';
import { ErrorText } from '@/components/ui/error-text';
import { PagedTable } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useMakeAdmin } from '../api/make-admin';
import { useUsers } from '../api/get-users';

/** Spec section 9: the Make Admin toast stays 1500 ms. */
const ADMIN_TOAST_MS = 1500;

/** The admin Users tab (spec section 2): #, Name, Email, Profile Picture, Make Admin, Total Users. */
export function UsersTable() {
  const list = useUsers();
  const makeAdmin = useMakeAdmin();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const promote = (user: User) => {
    setPendingId(user._id);
    makeAdmin.mutate(user, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) {
          toast.success(messages.users.madeAdmin(user.name), { duration: ADMIN_TOAST_MS });
        } else {
          toast.info(`${user.name} is already an admin.`, { duration: ADMIN_TOAST_MS });
        }
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setPendingId(null),
    });
  };

  return (
    <div>
      <PagedTable
        list={list}
        caption="Users"
        columns={['#', 'Name', 'Email', 'Profile Picture', 'Role']}
        loadingLabel="Loading users"
        skeletonColumns={5}
        error={<ErrorText>{messages.users.loadFailed(list.query.error?.message ?? '')}</ErrorText>}
        above={(total) => (
          <p className="mb-4 text-lg font-semibold" aria-live="polite">
            Total Users: {total}
          </p>
        )}
        pagerLabel="Users pages"
        row={(user, rowNumber) => (
          <Tr key={user._id}>
            <Td>{rowNumber}</Td>
            <Td className="font-medium">{user.name}</Td>
            <Td className="break-all">{user.email}</Td>
            <Td>
              <Avatar src={user.photoURL} alt={`${user.name}'s profile picture`} />
            </Td>
            <Td>
              {user.role === 'admin' ? (
                <StatusBadge tone="amber">Admin</StatusBadge>
              ) : (
                <div className="flex flex-col items-start gap-1">
                  <Button
                    size="sm"
                    loading={pendingId === user._id}
                    disabled={pendingId !== null && pendingId !== user._id}
                    // only a verified user can be made an admin (the server refuses the others);
                    // aria-disabled, not disabled: it stays focusable, so its reason is heard
                    aria-disabled={user.emailVerified ? undefined : true}
                    aria-describedby={user.emailVerified ? undefined : `unverified-${user._id}`}
                    onClick={user.emailVerified ? () => promote(user) : undefined}
                  >
                    Make Admin<span className="sr-only">: {user.name}</span>
                  </Button>
                  {user.emailVerified ? null : (
                    <span
                      id={`unverified-${user._id}`}
                      className="text-xs text-gray-600 dark:text-gray-300"
                    >
                      {messages.users.notVerified}
                    </span>
                  )}
                </div>
              )}
            </Td>
          </Tr>
        )}
      />
    </div>
  );
}
