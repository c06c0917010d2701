import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon } from '@/components/ui/dialog-look';
import { cn } from '@/utils/cn';
import { BrandLogo } from './brand-logo';
import { linkClasses, type NavItem } from './nav-links';

interface NavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  signedIn: boolean;
  /** The menu button: it gets the focus back when the drawer closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The slide-in drawer of small screens (spec section 2, w-64): closes on outside click, on its
 * close button and on choosing a link. Loaded when first opened (navbar.tsx).
 */
export function NavDrawer({ open, onOpenChange, items, signedIn, returnFocusTo }: NavDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="drawer-overlay"
          className="fixed inset-0 z-50 bg-black/40 md:hidden"
        />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="animate-drawer-in fixed inset-y-0 left-0 z-50 flex w-64 flex-col gap-2 bg-white p-4 shadow-xl md:hidden dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <BrandLogo onClick={close} />
            <Dialog.Close
              aria-label="Close menu"
              className="grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <CloseIcon />
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
            {signedIn && (
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
  );
}
