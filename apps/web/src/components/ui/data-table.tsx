import {
  useEffect,
  useId,
  useState,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';
import { cn } from '@/utils/cn';

interface DataTableProps {
  /** Names the table for assistive tech; shown above it unless `hideCaption`. */
  caption: ReactNode;
  hideCaption?: boolean;
  /** The column headers, in order. */
  columns: ReactNode[];
  /** The rows: `<Tr>` with a `<Td>` per column. */
  children: ReactNode;
  className?: string;
}

/** True while `element` is wider inside than its box (it scrolls sideways); follows resizes. */
function useOverflowsSideways(element: HTMLElement | null) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}

/**
 * A table that scrolls sideways inside its own box on phones instead of widening the page or
 * squeezing its columns. The box is a region named by the caption; while the table is wider than
 * it, a visible hint says so and the box takes the keyboard focus (arrow keys scroll it).
 */
export function DataTable({ caption, hideCaption, columns, children, className }: DataTableProps) {
  const captionId = useId();
  const hintId = useId();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const overflows = useOverflowsSideways(box);
  return (
    <div className={cn('w-full max-w-full min-w-0', className)}>
      {overflows && (
        <p
          id={hintId}
          className="mb-2 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-4 shrink-0"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M3 12h18" />
          </svg>
          Scroll sideways to see every column.
        </p>
      )}
      {/* relative: what is positioned inside (the sr-only labels of row buttons) is clipped by the
          box too, instead of widening the page from the far end of the table */}
      <div
        ref={setBox}
        role="region"
        aria-labelledby={captionId}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={overflows ? 0 : undefined}
        className={cn(
          'relative w-full max-w-full overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-accent-300',
        )}
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption
            id={captionId}
            className={cn('px-4 py-3 text-left text-base font-semibold', hideCaption && 'sr-only')}
          >
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column, i) => (
                <Th key={i}>{column}</Th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

function Th({ className, scope = 'col', ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn(
        'border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase',
        'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cn(
        'border-b border-slate-100 px-4 py-3 align-middle dark:border-slate-800',
        className,
      )}
      {...rest}
    />
  );
}

export function Tr({ className, ...rest }: React.HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('hover:bg-slate-50 dark:hover:bg-slate-800/50', className)} {...rest} />;
}
