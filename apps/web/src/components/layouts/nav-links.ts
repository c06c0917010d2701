import { cn } from '@/utils/cn';

export interface NavItem {
  to: string;
  label: string;
}

/** The look of the navbar's links and the drawer's. */
export const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'text-brand-700 dark:text-accent-300'
      : 'text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-accent-300',
  );
