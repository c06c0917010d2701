import type { Cursor } from '@pet-haven/shared/pagination';
import { count, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/**
 * How many rows of `table` match `where`, counting no further than `cap + 1`: a search's count
 * (decision 041) stops once it knows there are more than `cap`, so it costs at most that many
 * matches, however many the site holds.
 */
export const countRowsUpTo = (db: DbOrTx, table: PgTable, where: SQL | undefined, cap: number) =>
  db.select(totalColumn).from(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(cap + 1)
      .as('matches'),
  );

/**
 * The total of a page of a search (decision 041): told by the page's rows when they can (a page
 * with no page after it that starts at the list's beginning holds every match, and one by offset
 * all but its offset), else `count`'s (`countRowsUpTo` with `cap`, or a count already known)
 * after the rows; past `cap` as "more than `cap`". `cap` Infinity: an exact total (a list whose
 * count is cheap).
 */
export async function totalOf(
  window: PageWindow,
  page: { shown: number; more: boolean },
  count: () => PromiseLike<Array<{ total: number }>>,
  cap: number,
): Promise<Pick<Page<unknown>, 'total' | 'totalExceeded'>> {
  const counted =
    !page.more && !window.keyset?.after && (page.shown > 0 || window.offset === 0)
      ? window.offset + page.shown
      : ((await count())[0]?.total ?? 0);
  // past the cap the same "more than" on every page, the last one too
  return counted > cap ? { total: cap, totalExceeded: true } : { total: counted };
}

/**
 * A row's place in a list in keyset order, selected beside its id: the sort time in whole
 * microseconds since 1970 as text (exact; a JS Date keeps only milliseconds).
 */
export const cursorAtOf = (at: AnyPgColumn) =>
  sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`;

/**
 * The rows after `cursor` in newest-first order (`at DESC, id DESC`): one row comparison, which
 * PostgreSQL answers by walking the list's index from that point (decision 028).
 */
export const afterCursor = (
  at: AnyPgColumn,
  id: AnyPgColumn,
  cursor: { [K in keyof Cursor]: Cursor[K] | Placeholder },
): SQL =>
  sql`(${at}, ${id}) < (timestamptz 'epoch' + ${cursor.atMicros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;

/**
 * The rows of a page read with one row more than it shows (`limit + 1`): the page, and whether
 * the extra row was there (a page follows).
 */
export function withoutExtraRow<T>(read: T[], limit: number): { rows: T[]; more: boolean } {
  const more = read.length > limit;
  // a copy: the rows read may be shared (kept by the embedded database, decision 030)
  return { rows: more ? read.slice(0, limit) : read, more };
}

/**
 * A page of a list in keyset order (`keysetPageOf`): `rowsOf` answers up to `limit + 1` rows of
 * the window, each with its `id` and `cursorAt` (`cursorAtOf`), from `afterCursor` when the window
 * has one; the extra row only tells that there is a next page, which starts after the last row
 * answered. `totalOf`, where the list promises a total, is asked side by side.
 */
export async function keysetPageFrom<T extends { id: string; cursorAt: string }>(
  window: PageWindow,
  rowsOf: (window: PageWindow) => PromiseLike<T[]>,
  totalOf?: PromiseLike<Array<{ total: number }>>,
): Promise<Page<T>> {
  const [read, totals] = await Promise.all([
    rowsOf({ ...window, limit: window.limit + 1 }),
    totalOf,
  ]);
  const { rows, more } = withoutExtraRow(read, window.limit);
  const last = rows.at(-1);
  return {
    rows,
    ...(totals && { total: totals[0]?.total ?? 0 }),
    next: more && last ? { atMicros: last.cursorAt, id: last.id } : null,
  };
}
