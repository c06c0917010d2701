import type { ReactNode } from 'react';
import type { NumberedPages } from '@/lib/paging';
import { DataTable } from './data-table';
import { LoadError } from './load-error';
import { Pagination } from './pagination';
import { TableSkeleton } from './skeleton';

interface PagedTableProps<T> {
  /** The list, from an endpoint's `useNumberedPages` hook. */
  list: NumberedPages<T>;
  /** Names the table for assistive tech (not shown). */
  caption: string;
  columns: ReactNode[];
  /** One `<Tr>` per item; `rowNumber` counts on across pages. */
  row: (item: T, rowNumber: number) => ReactNode;
  /** Read out while the page loads. */
  loadingLabel: string;
  /** Columns of the loading placeholder (the spec's default, 4, when omitted). */
  skeletonColumns?: number;
  /** What to show instead of the table when the list fails. */
  error?: ReactNode;
  /** Or: the message of a list that failed, with Try again, while it has no rows to show. */
  loadFailed?: string;
  /** What to show when the list has no items (the empty table when omitted). */
  empty?: ReactNode;
  /** Above the table, given the list's total (e.g. "Total Pets: 12"). */
  above?: (total: number) => ReactNode;
  /** Names the pager's navigation landmark. */
  pagerLabel: string;
}

/**
 * A table of a paged list, one page at a time: a skeleton while a page loads (or while stepping
 * back from a page that emptied), the error, the empty state, or the rows with Previous / Next.
 */
export function PagedTable<T>({
  list,
  caption,
  columns,
  row,
  loadingLabel,
  skeletonColumns,
  error,
  loadFailed,
  empty,
  above,
  pagerLabel,
}: PagedTableProps<T>) {
  const { query } = list;
  if (query.isPending || list.stepping) {
    return <TableSkeleton columns={skeletonColumns} label={loadingLabel} />;
  }
  if (error && query.isError) return error;
  if (loadFailed && query.isError && !query.data) {
    return <LoadError message={loadFailed} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return null;
  if (query.data.items.length === 0 && empty) return empty;
  return (
    <>
      {above?.(query.data.total)}
      <DataTable caption={caption} hideCaption columns={columns}>
        {query.data.items.map((item, i) => row(item, list.firstRow + i))}
      </DataTable>
      <Pagination {...list.pager} label={pagerLabel} />
    </>
  );
}
