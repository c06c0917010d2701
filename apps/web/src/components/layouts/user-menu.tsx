import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';

export interface NavUser {
  name: string;
  email: string;
  photoURL: string | null;
}

/** Unread messages on the user's adoption requests, and the page of the newest one. */
export interface UnreadNotice {
  count: number;
  to: string | null;
}

interface UserMenuProps {
  user: NavUser;
  onSignOut: () => void;
  unread?: UnreadNotice;
}

const itemClasses =
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 ' +
  'dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

/**
 * The avatar button and its menu: Dashboard and Log Out (spec section 2), and while messages on
 * the user's adoption requests are unread, their count on the avatar and a link to the newest.
 */
export function UserMenu({ user, onSignOut, unread }: UserMenuProps) {
  const count = unread?.count ?? 0;
  const unreadText = `${count} unread ${count === 1 ? 'message' : 'messages'}`;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.name || user.email}${count > 0 ? `, ${unreadText}` : ''}`}
        className="relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Avatar src={user.photoURL} alt="" size="md" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/dashboard">Dashboard</Link>
          </DropdownMenu.Item>
          {count > 0 && unread?.to && (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to={unread.to}>{unreadText}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClasses} onSelect={onSignOut}>
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
