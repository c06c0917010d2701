import { UserMenu, type NavUser } from '@/components/layouts/user-menu';
import { useUnreadMessages } from '@/features/pets/api/get-unread-messages';

/** The avatar menu of a signed-in user, with the unread messages on their adoption requests. */
export function AccountMenu({ user, onSignOut }: { user: NavUser; onSignOut: () => void }) {
  const { data } = useUnreadMessages();
  return (
    <UserMenu
      user={user}
      onSignOut={onSignOut}
      unread={
        data && {
          count: data.count,
          to: data.requestId && `/dashboard/adoption/${data.requestId}`,
        }
      }
    />
  );
}
