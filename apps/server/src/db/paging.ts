import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page, PageWindow } from '../lib/paging';
import type { DbOrTx } from './client';

/** The column of a count query that `pageFrom` reads: `db.select(totalColumn).from(...)`. */
export const totalColumn = { total: count() };

/** How many rows of `table` match `where` (without joins; else select `totalColumn` yourself). */
export const countRows = (db: DbOrTx, table: PgTable, where?: SQL) =>
  db.select(totalColumn).from(table).where(where);

/**
 * A page of a list as every repository builds it (decision 020): the rows of the window and the
 * total, asked side by side. The count must use the page's predicate; the rows an ORDER BY that
 * an index serves (id breaking ties).
 */
export async function pageFrom<T>(
  window: PageWindow,
  rowsOf: (window: PageWindow) => PromiseLike<T[]>,
  totalOf: PromiseLike<Array<{ total: number }>>,
): Promise<Page<T>> {
  const [rows, totals] = await Promise.all([rowsOf(window), totalOf]);
  return { rows, total: totals[0]?.total ?? 0 };
}
