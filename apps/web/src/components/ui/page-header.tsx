import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links on the right (below on phones). */
  actions?: ReactNode;
  /** Heading level: 1 for a page, 2 inside the dashboard (whose frame holds the h1). */
  level?: 1 | 2;
  className?: string;
}

export function PageHeader({ title, description, actions, level = 1, className }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header
      className={cn(
        'mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
    >
      <div>
        <Heading className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</Heading>
        {description && <p className="mt-1 text-slate-600 dark:text-slate-300">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
