import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

interface ErrorTextProps {
  children?: ReactNode;
  id?: string;
  className?: string;
  /** Announce the text when it appears (off for per-field messages that are already described). */
  live?: boolean;
}

/** Red error text; renders nothing when there is no message. */
export function ErrorText({ children, id, className, live = true }: ErrorTextProps) {
  if (children === undefined || children === null || children === false || children === '') {
    return null;
  }
  return (
    <p
      id={id}
      role={live ? 'alert' : undefined}
      className={cn('text-sm text-red-600 dark:text-red-400', className)}
    >
      {children}
    </p>
  );
}
