import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { DashboardSidebar } from './dashboard-sidebar';

interface DashboardShellProps {
  title: string;
  isAdmin: boolean;
  /** e.g. the admin-check failure, shown above the content */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * The dashboard frame: the sidebar beside the content on wide screens; on small screens a
 * "Dashboard menu" button toggles the tab list, and choosing a tab closes it.
 */
export function DashboardShell({ title, isAdmin, notice, children }: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-10">
      <aside className="lg:w-64 lg:shrink-0 print:hidden">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-20 dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-center justify-between gap-3">
            <h1 className="text-lg font-bold text-brand-700 dark:text-accent-300">{title}</h1>
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((o) => !o)}
              className="inline-flex shrink-0 items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium whitespace-nowrap lg:hidden dark:border-slate-600"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-4"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                {menuOpen ? (
                  <path d="M6 6l12 12M18 6L6 18" />
                ) : (
                  <path d="M4 7h16M4 12h16M4 17h16" />
                )}
              </svg>
              Dashboard menu
            </button>
          </div>
          <div id={menuId} className={cn('mt-4 lg:block', menuOpen ? 'block' : 'hidden')}>
            <DashboardSidebar isAdmin={isAdmin} onNavigate={() => setMenuOpen(false)} />
          </div>
        </div>
      </aside>
      <section className="min-w-0 flex-1">
        {notice}
        {children}
      </section>
    </div>
  );
}
