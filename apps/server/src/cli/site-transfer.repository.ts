/**
 * The SQL of moving a whole site between databases (site-transfer.service.ts): the tables read
 * from the catalogue, rows read and written as PostgreSQL's own JSON (row_to_json and
 * json_populate_recordset: every type round-trips exactly, on PGlite and on PostgreSQL), and one
 * checksum per table computed by the database on both sides. Table and column names come from the
 * catalogue only, never from a file.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `"name"` as text, for a name read from the catalogue. */
const quotedName = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** `"name"` in a statement. */
const quoted = (name: string) => sql.raw(quotedName(name));

/** Every table of the site, but the gazetteer (`places`: loaded from its package at start). */
export async function listTables(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'places'
      order by table_name`),
  );
  return rows.map((r) => r.name);
}

/** Each foreign key as the table that refers and the table it refers to. */
export async function listReferences(db: DbOrTx): Promise<{ from: string; to: string }[]> {
  return rowsOf<{ from: string; to: string }>(
    await db.execute(sql`select src.relname as "from", dst.relname as "to"
      from pg_constraint c
      join pg_class src on src.oid = c.conrelid
      join pg_class dst on dst.oid = c.confrelid
      join pg_namespace n on n.oid = src.relnamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
}

/** The columns a row is written with (generated ones are computed by the database). */
export async function writableColumns(db: DbOrTx, table: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  );
  return rows.map((r) => r.name);
}

/** The primary key's columns, in key order (rows are read in that order). */
async function primaryKey(db: DbOrTx, table: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select a.attname as name
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      where i.indisprimary and n.nspname = 'public' and t.relname = ${table}
      order by k.position`),
  );
  return rows.map((r) => r.name);
}

/**
 * The table's rows as JSON text (never parsed here: numbers keep every digit), `batch` at a time,
 * in primary-key order (keyset paging on the key: each batch costs the same however deep).
 */
export async function* readRows(
  db: DbOrTx,
  table: string,
  batch: number,
): AsyncGenerator<string[]> {
  const key = await primaryKey(db, table);
  if (key.length === 0) {
    yield rowsOf<{ row: string }>(
      await db.execute(sql`select row_to_json(t)::text as row from ${quoted(table)} t`),
    ).map((r) => r.row);
    return;
  }
  const keyOf = (alias: string) =>
    sql.join(
      key.map((k) => sql`${sql.raw(alias)}.${quoted(k)}`),
      sql`, `,
    );
  let after: string | null = null;
  for (;;) {
    const from: SQL = after
      ? sql`where (${keyOf('t')}) > (select ${keyOf('p')}
          from json_populate_record(null::${quoted(table)}, ${after}::json) p)`
      : sql``;
    const rows: string[] = rowsOf<{ row: string }>(
      await db.execute(sql`select row_to_json(t)::text as row from ${quoted(table)} t
        ${from} order by ${keyOf('t')} limit ${batch}`),
    ).map((r) => r.row);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = rows.at(-1)!;
  }
}

/** Writes rows read by `readRows` (JSON text) into the table, as they were. */
export async function insertRows(
  db: DbOrTx,
  table: string,
  columns: string[],
  rows: string[],
): Promise<void> {
  if (rows.length === 0) return;
  const list = sql.join(columns.map(quoted), sql`, `);
  await db.execute(sql`insert into ${quoted(table)} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${quoted(table)}, ${`[${rows.join(',')}]`}::json)`);
}

/**
 * Tables the database keeps from others by triggers, with the rows that carry information:
 * pet_counts follows pets (migration 0007) and keeps a category's row at 0 pets once it empties,
 * which the import's inserts do not make again.
 */
const DERIVED_TABLES: Record<string, ReturnType<typeof sql>> = {
  pet_counts: sql`where t.pets <> 0`,
};

export const isDerivedTable = (table: string) => Object.hasOwn(DERIVED_TABLES, table);

/**
 * Rows and an MD5 of their JSON text in byte order (collation "C": the same whatever the
 * database's locale), equal on both sides after a move.
 */
export async function tableChecksum(
  db: DbOrTx,
  table: string,
): Promise<{ count: number; checksum: string }> {
  const where = DERIVED_TABLES[table] ?? sql``;
  const [row] = rowsOf<{ count: number; checksum: string }>(
    await db.execute(sql`select count(*)::int as count,
        md5(coalesce(string_agg(r, E'\\n' order by r collate "C"), '')) as checksum
      from (select row_to_json(t)::text as r from ${quoted(table)} t ${where}) s`),
  );
  return row!;
}

/** Whether the table has any row. */
export async function hasRows(db: DbOrTx, table: string): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from ${quoted(table)}) as any`),
  );
  return row!.any;
}

/** Moves each sequence owned by a column of the table past the largest value in it. */
export async function advanceSequences(db: DbOrTx, table: string, columns: string[]) {
  for (const column of columns) {
    const [row] = rowsOf<{ sequence: string | null }>(
      await db.execute(
        sql`select pg_get_serial_sequence(${`public.${quotedName(table)}`}, ${column}) as sequence`,
      ),
    );
    if (!row?.sequence) continue;
    await db.execute(sql`select setval(${row.sequence}::regclass,
      coalesce((select max(${quoted(column)}) from ${quoted(table)}), 1),
      (select max(${quoted(column)}) from ${quoted(table)}) is not null)`);
  }
}

/** The hash of the last migration applied (drizzle's journal), or null on an empty database. */
export async function lastMigration(db: DbOrTx): Promise<string | null> {
  const [row] = rowsOf<{ hash: string }>(
    await db.execute(
      sql`select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
    ),
  );
  return row?.hash ?? null;
}

/** Row text as UTC, the same on both sides (timestamps with a time zone print in it). */
export async function useUtc(db: DbOrTx): Promise<void> {
  await db.execute(sql`set local time zone 'UTC'`);
}

/** The images' ids and widths (which stored files each has). */
export async function listImages(db: DbOrTx): Promise<{ id: string; width: number }[]> {
  return rowsOf<{ id: string; width: number }>(
    await db.execute(sql`select id, width from images order by id`),
  );
}
