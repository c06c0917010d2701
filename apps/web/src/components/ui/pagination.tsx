import { useEffect, useRef } from 'react';
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

/**
 * Previous / Next and "Page x of y". Renders nothing for a single page. Reaching the first or the
 * last page disables the button pressed: the keyboard focus moves to the other one instead of
 * being lost.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const last = Math.max(1, pageCount);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | null>(null);

  useEffect(() => {
    const from = pressed.current;
    pressed.current = null;
    if (from === 'next' && page >= last) previous.current?.focus();
    if (from === 'previous' && page <= 1) next.current?.focus();
  }, [page, last]);

  if (last <= 1) return null;
  const go = (to: number, from: 'previous' | 'next') => {
    pressed.current = from;
    onPageChange(to);
  };
  return (
    <nav
      aria-label={label}
      className={cn('mt-4 flex items-center justify-between gap-3', className)}
    >
      <Button
        ref={previous}
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => go(page - 1, 'previous')}
      >
        Previous
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        Page {page} of {last}
      </p>
      <Button
        ref={next}
        variant="secondary"
        size="sm"
        disabled={page >= last}
        onClick={() => go(page + 1, 'next')}
      >
        Next
      </Button>
    </nav>
  );
}
