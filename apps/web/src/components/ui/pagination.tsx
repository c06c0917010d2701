import { cn } from '@/utils/cn';
import { Button } from './button';

interface PaginationProps {
  /** Current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one. */
  label?: string;
  className?: string;
}

/** Previous / Next and "Page x of y". Renders nothing for a single page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const last = Math.max(1, pageCount);
  if (last <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('mt-4 flex items-center justify-between gap-3', className)}
    >
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        Page {page} of {last}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= last}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
