import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { countRows } from './paging';

/**
 * The SQL of the sitemap's pages (web/seo.ts), the same for every table it lists (pets,
 * campaigns): its repository names the table and which rows are listed, this reads them.
 */

/** A table the sitemap lists: its primary key `id` and `updatedAt`, the last change. */
type ListedTable = PgTable & {
  id: AnyPgColumn<{ data: string; notNull: true }>;
  updatedAt: AnyPgColumn<{ data: Date; notNull: true }>;
};

/** How many rows of `table` the sitemap lists. */
export async function countListed(db: DbOrTx, table: ListedTable, listed: SQL | undefined) {
  const [row] = await countRows(db, table, listed);
  return row?.total ?? 0;
}

/**
 * Listed rows of `table` in id order (the primary key's): `limit` of them after the id `after`,
 * or from position `offset` of that order when `after` is null. Their id and last change only.
 */
export function listedInIdOrder(
  db: DbOrTx,
  table: ListedTable,
  listed: SQL | undefined,
  { after, offset, limit }: { after: string | null; offset: number; limit: number },
): Promise<Array<{ id: string; changedAt: Date }>> {
  return db
    .select({ id: table.id, changedAt: table.updatedAt })
    .from(table)
    .where(after === null ? listed : and(listed, gt(table.id, after)))
    .orderBy(asc(table.id))
    .limit(limit)
    .offset(after === null ? offset : 0);
}
