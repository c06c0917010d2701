import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
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

/** A table that scrolls sideways on phones instead of squeezing its columns. */
export function DataTable({ caption, hideCaption, columns, children, className }: DataTableProps) {
  return (
    <div
      className={cn(
        'w-full overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700',
        className,
      )}
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption
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
