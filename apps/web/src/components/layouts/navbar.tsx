import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/utils/cn';
import { BrandLogo } from './brand-logo';
import { linkClasses, type NavItem } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import type { NavUser } from './user-menu';

// The phone drawer and the avatar menu (Radix dialog and dropdown, 30 KB compressed) load when
// they are first needed: the drawer when its button is pressed or pointed at, the avatar menu
// once someone is signed in; never with a visitor's first page (decision 022).
const loadNavDrawer = () => import('./nav-drawer');
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

interface NavbarProps {
  user: NavUser | null;
  isDark: boolean;
  onToggleTheme: () => void;
  /** The page is scrolled past 10 px: the bar gets a solid background and a shadow. */
  scrolled: boolean;
  /**
   * The avatar and its menu while signed in (the app's lazy `AccountMenu`: loaded once someone
   * is signed in, never with a visitor's first page).
   */
  accountMenu?: ReactNode;
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

/**
 * The fixed top bar (spec section 2): links, the theme buttons, the avatar menu when signed in,
 * and on small screens a slide-in drawer (w-64) that closes on outside click, on its close button
 * and on choosing a link.
 */
export function Navbar({ user, isDark, onToggleTheme, scrolled, accountMenu }: NavbarProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // mounted from the first opening on, so closing keeps the drawer's own behaviour
  const [drawerMounted, setDrawerMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const items = navItems(Boolean(user));

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 print:hidden',
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
          <button
            ref={menuButton}
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onPointerEnter={() => void loadNavDrawer()}
            onFocus={() => void loadNavDrawer()}
            onClick={() => {
              setDrawerMounted(true);
              setDrawerOpen(true);
            }}
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
          </button>
          {drawerMounted && (
            <Suspense fallback={null}>
              <NavDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                items={items}
                signedIn={Boolean(user)}
                returnFocusTo={menuButton}
              />
            </Suspense>
          )}
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
          {user && (
            // the avatar's place is kept while its menu loads: nothing moves
            <Suspense fallback={<span aria-hidden="true" className="size-10" />}>
              {accountMenu}
            </Suspense>
          )}
        </div>
      </nav>
    </header>
  );
}
