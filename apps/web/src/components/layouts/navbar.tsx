import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/utils/cn';
import { BrandLogo } from './brand-logo';
import { ThemeToggle } from './theme-toggle';
import { UserMenu, type NavUser } from './user-menu';

interface NavbarProps {
  user: NavUser | null;
  isDark: boolean;
  onToggleTheme: () => void;
  onSignOut: () => void;
  /** The page is scrolled past 10 px: the bar gets a solid background and a shadow. */
  scrolled: boolean;
}

interface NavItem {
  to: string;
  label: string;
}

function navItems(signedIn: boolean): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/petlist', label: 'Petlist' },
    { to: '/donation', label: 'Donation Campaigns' },
  ];
  if (!signedIn) {
    items.push({ to: '/login', label: 'Login' }, { to: '/register', label: 'Signup' });
  }
  return items;
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'text-brand-700 dark:text-accent-300'
      : 'text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-accent-300',
  );

/**
 * The fixed top bar (spec section 2): links, the theme buttons, the avatar menu when signed in,
 * and on small screens a slide-in drawer (w-64) that closes on outside click, on its close button
 * and on choosing a link.
 */
export function Navbar({ user, isDark, onToggleTheme, onSignOut, scrolled }: NavbarProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = navItems(Boolean(user));
  const close = () => setDrawerOpen(false);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300',
        scrolled
          ? 'bg-white/95 shadow-md backdrop-blur dark:bg-slate-900/95 dark:shadow-black/40'
          : 'bg-white/70 backdrop-blur-sm dark:bg-slate-950/70',
      )}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <div className="flex items-center gap-2">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger
              aria-label="Open menu"
              className="grid size-10 place-items-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-6"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M4 7h16M4 12h16M4 17h16" />
              </svg>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay
                data-testid="drawer-overlay"
                className="fixed inset-0 z-50 bg-black/40 md:hidden"
              />
              <Dialog.Content
                aria-describedby={undefined}
                className="animate-drawer-in fixed inset-y-0 left-0 z-50 flex w-64 flex-col gap-2 bg-white p-4 shadow-xl md:hidden dark:bg-slate-900 dark:text-slate-100"
              >
                <div className="mb-2 flex items-center justify-between">
                  <Dialog.Title className="sr-only">Menu</Dialog.Title>
                  <BrandLogo onClick={close} />
                  <Dialog.Close
                    aria-label="Close menu"
                    className="grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  >
                    <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
                      <path
                        d="M5 5l10 10M15 5L5 15"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                      />
                    </svg>
                  </Dialog.Close>
                </div>
                <ul className="flex flex-col gap-1">
                  {items.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        end={item.to === '/'}
                        onClick={close}
                        className={(s) => cn(linkClasses(s), 'block text-base')}
                      >
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                  {user && (
                    <li>
                      <NavLink
                        to="/dashboard"
                        onClick={close}
                        className={(s) => cn(linkClasses(s), 'block text-base')}
                      >
                        Dashboard
                      </NavLink>
                    </li>
                  )}
                </ul>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <BrandLogo />
        </div>

        <ul className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={linkClasses}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          <ThemeToggle isDark={isDark} onToggle={onToggleTheme} />
          {user && <UserMenu user={user} onSignOut={onSignOut} />}
        </div>
      </nav>
    </header>
  );
}
