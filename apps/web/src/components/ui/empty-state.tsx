import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/utils/cn';
import { buttonClasses } from './button';

interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** e.g. a button that clears the filters */
  action?: ReactNode;
  /** Where to go from here, shown as a button: the screen to add the first item, say. */
  link?: { to: string; label: string };
  className?: string;
}

export function EmptyState({ title, description, action, link, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center',
        'dark:border-slate-700',
        className,
      )}
    >
      <svg viewBox="0 0 48 48" className="size-12 text-brand-500" aria-hidden="true">
        <circle cx="14" cy="14" r="5" fill="currentColor" />
        <circle cx="34" cy="14" r="5" fill="currentColor" />
        <circle cx="8" cy="26" r="4.5" fill="currentColor" />
        <circle cx="40" cy="26" r="4.5" fill="currentColor" />
        <path
          d="M24 22c-7 0-13 8-13 13 0 4 3 6 7 6 3 0 4-1 6-1s3 1 6 1c4 0 7-2 7-6 0-5-6-13-13-13z"
          fill="currentColor"
        />
      </svg>
      <p className="text-base font-semibold">{title}</p>
      {description && <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
      {link && (
        <div className="mt-2">
          <Link to={link.to} className={buttonClasses()}>
            {link.label}
          </Link>
        </div>
      )}
    </div>
  );
}
