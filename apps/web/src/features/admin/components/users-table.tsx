import { ADMIN_PAGE_SIZE } from '@pet-haven/shared/admin';
import { messages } from '@pet-haven/shared/messages';
import type { User } from '@pet-haven/shared/users';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { ErrorText } from '@/components/ui/error-text';
import { Pagination } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { useMakeAdmin } from '../api/make-admin';
import { useUsers } from '../api/get-users';

/** Spec section 9: the Make Admin toast stays 1500 ms. */
const ADMIN_TOAST_MS = 1500;

/** The admin Users tab (spec section 2): #, Name, Email, Profile Picture, Make Admin, Total Users. */
export function UsersTable() {
  const [page, setPage] = useState(1);
  const users = useUsers(page);
  const makeAdmin = useMakeAdmin();
  const [pendingId, setPendingId] = useState<string | null>(null);

  if (users.isPending) return <TableSkeleton columns={5} label="Loading users" />;
  if (users.isError) return <ErrorText>{messages.users.loadFailed(users.error.message)}</ErrorText>;

  const { items, total } = users.data;
  const limit = ADMIN_PAGE_SIZE;
  const pageCount = Math.ceil(total / limit);

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
      <p className="mb-4 text-lg font-semibold" aria-live="polite">
        Total Users: {total}
      </p>
      <DataTable caption="Users" hideCaption>
        <thead>
          <tr>
            <Th>#</Th>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Profile Picture</Th>
            <Th>Role</Th>
          </tr>
        </thead>
        <tbody>
          {items.map((user, index) => (
            <Tr key={user._id}>
              <Td>{(page - 1) * limit + index + 1}</Td>
              <Td className="font-medium">{user.name}</Td>
              <Td className="break-all">{user.email}</Td>
              <Td>
                <Avatar src={user.photoURL} alt={`${user.name}'s profile picture`} />
              </Td>
              <Td>
                {user.role === 'admin' ? (
                  <StatusBadge tone="amber">Admin</StatusBadge>
                ) : (
                  <Button
                    size="sm"
                    loading={pendingId === user._id}
                    disabled={pendingId !== null && pendingId !== user._id}
                    onClick={() => promote(user)}
                  >
                    Make Admin<span className="sr-only">: {user.name}</span>
                  </Button>
                )}
              </Td>
            </Tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Users pages" />
    </div>
  );
}
