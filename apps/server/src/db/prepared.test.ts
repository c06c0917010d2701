import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers/test-app';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { pets } from './schema/index';
import {
  KEPT_PAGE_STATEMENTS,
  KEPT_STATEMENTS,
  MAX_PAGE_ROWS,
  pageBounds,
  preparedSql,
  preparedStatement,
} from './prepared';

// A database of its own (PGlite, or PostgreSQL with TEST_DATABASE_URL), nothing asked of it yet.
const ctx = useTestContext();

/**
 * Builds of numbered statements on `db` (statement `i` answers its `n` plus `i`), each recording
 * the name it was prepared under in `prepared` ('' when it runs unnamed).
 */
function recordingBuilds(db: Database) {
  const prepared: string[] = [];
  const build = (i: number) => (name: string) => {
    prepared.push(name);
    return db
      .select({ n: sql<number>`${sql.placeholder('n')}::int + ${sql.raw(String(i))}` })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name);
  };
  return { prepared, build };
}

describe('statements kept prepared', () => {
  it('keeps at most KEPT_STATEMENTS shaped ones per database; past that a new one runs unnamed, each time, and those the code names are still kept', async () => {
    const db = ctx.database.db;
    const { prepared, build } = recordingBuilds(db);
    const statementOf = (i: number) =>
      preparedStatement(db, `bounded_${i}`, build(i), { shaped: true });
    for (let i = 0; i < KEPT_STATEMENTS + 10; i += 1) {
      expect((await statementOf(i).execute({ n: 1 }))[0]!.n).toBe(1 + i);
    }
    const named = prepared.filter(Boolean);
    expect(named.length).toBeLessThanOrEqual(KEPT_STATEMENTS);
    expect(prepared.length - named.length).toBeGreaterThanOrEqual(10);
    // a kept one is not built again; one past the bound is built (unnamed) on every run
    const before = prepared.length;
    await statementOf(0).execute({ n: 2 });
    expect(prepared.length).toBe(before);
    expect((await statementOf(KEPT_STATEMENTS + 5).execute({ n: 2 }))[0]!.n).toBe(
      2 + KEPT_STATEMENTS + 5,
    );
    expect(prepared.at(-1)).toBe('');
    // one the code names is kept past the bound of shaped ones: built once, named
    const own = () => preparedStatement(db, 'own_statement', build(-1));
    expect((await own().execute({ n: 3 }))[0]!.n).toBe(2);
    expect((await own().execute({ n: 4 }))[0]!.n).toBe(3);
    expect(prepared.filter((name) => name === 'own_statement')).toHaveLength(1);
    if (ctx.database.kind === 'postgres') {
      // and no connection holds more named statements than the bound and the code's own
      const [row] = (
        (await db.execute(
          sql`select count(*)::int as n from pg_prepared_statements`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      expect(row!.n).toBeLessThanOrEqual(KEPT_STATEMENTS + 1);
    }
  });
});

describe("a page's bounds (decision 051)", () => {
  const textOf = (limit: number, offset: number) => {
    const bounds = pageBounds(limit, offset);
    const query = new QueryBuilder()
      .select({ id: pets.id })
      .from(pets)
      .limit(bounds.limit)
      .offset(bounds.offset)
      .toSQL();
    return { name: bounds.name, sql: query.sql };
  };

  it('writes the limit into the text, leaves out an offset of 0, and keeps any other as a placeholder, each text under its own name', () => {
    expect(textOf(25, 0)).toEqual({ name: 'l25', sql: expect.stringMatching(/ limit 25$/) });
    expect(textOf(13, 0).name).toBe('l13');
    const offset = textOf(25, 48);
    expect(offset.name).toBe('l25o');
    expect(offset.sql).toMatch(/ limit 25 offset \$1$/);
    expect(textOf(25, 96)).toEqual(offset);
  });

  it('refuses a limit or an offset that is not a whole number, or a page past MAX_PAGE_ROWS', () => {
    for (const [limit, offset] of [
      [1.5, 0],
      [-1, 0],
      [Number.NaN, 0],
      [MAX_PAGE_ROWS + 1, 0],
      [25, -24],
      [25, 0.5],
    ] as const) {
      expect(() => pageBounds(limit, offset), `${limit}, ${offset}`).toThrow();
    }
    expect(pageBounds(MAX_PAGE_ROWS, 0).name).toBe(`l${MAX_PAGE_ROWS}`);
  });

  it('keeps sized statements within a budget of their own: shaped ones past their bound do not push them out', async () => {
    const db = ctx.database.db;
    const { prepared, build } = recordingBuilds(db);
    // the shaped ones' budget spent (by these, or by the test above)
    for (let i = 0; i < KEPT_STATEMENTS + 1; i += 1) {
      await preparedStatement(db, `shaped_first_${i}`, build(i), { shaped: true }).execute({
        n: 1,
      });
    }
    expect(prepared.at(-1)).toBe('');
    prepared.length = 0;
    for (let i = 0; i < KEPT_PAGE_STATEMENTS + 5; i += 1) {
      await preparedStatement(db, `sized_${i}`, build(i), { sized: true }).execute({ n: 1 });
    }
    expect(prepared.filter(Boolean)).toHaveLength(KEPT_PAGE_STATEMENTS);
    expect(prepared.filter((name) => name === '')).toHaveLength(5);
  });
});

describe('a kept statement', () => {
  // a database of its own: the test above filled the first one's statements to the bound
  const ctx = useTestContext();

  it('runs inside a transaction on its connection, built once for the pool and every transaction', async () => {
    const db = ctx.database.db;
    let built = 0;
    // the row is visible only to the transaction that inserts it, until it commits
    const countOf = (on: typeof db) =>
      preparedStatement(on, 'kept_in_tx_count', (name) => {
        built += 1;
        return on
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(sql`kept_in_tx`)
          .where(sql`tag = ${sql.placeholder('tag')}`)
          .prepare(name);
      });
    await db.execute(sql`create table kept_in_tx (tag text not null)`);
    try {
      expect(await countOf(db).execute({ tag: 'a' })).toEqual([{ n: 0 }]);
      let seenInside: unknown;
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into kept_in_tx values ('a')`);
          seenInside = await countOf(tx).execute({ tag: 'a' });
          tx.rollback();
        }),
      ).rejects.toThrow(/rollback/i);
      expect(seenInside).toEqual([{ n: 1 }]);
      expect(await countOf(db).execute({ tag: 'a' })).toEqual([{ n: 0 }]);
      // built first inside a transaction, then run by the pool after it ended
      const other = (on: typeof db) =>
        preparedStatement(on, 'kept_in_tx_first', (name) => {
          built += 1;
          return on
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(sql`kept_in_tx`)
            .prepare(name);
        });
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept_in_tx values ('b')`);
        expect(await other(tx).execute()).toEqual([{ n: 1 }]);
      });
      expect(await other(db).execute()).toEqual([{ n: 1 }]);
      expect(built).toBe(2);
    } finally {
      await db.execute(sql`drop table kept_in_tx`);
    }
  });

  it('maps its rows as drizzle does: columns decoded, nulls kept, SQL with mapWith', async () => {
    const db = ctx.database.db;
    const statement = preparedStatement(db, 'kept_mapping', (name) =>
      db
        .select({
          at: sql<Date>`${sql.placeholder('at')}::timestamptz`.mapWith((v: string) => new Date(v)),
          big: sql<number>`12345678901::bigint`.mapWith(Number),
          none: sql<string | null>`null::text`,
          text: sql<string>`'x'`,
        })
        .from(sql`(values (1)) as one (x)`)
        .prepare(name),
    );
    const [row] = await statement.execute({ at: '2026-11-26T10:00:00.000Z' });
    expect(row).toEqual({
      at: new Date('2026-11-26T10:00:00.000Z'),
      big: 12345678901,
      none: null,
      text: 'x',
    });
  });

  it('maps keys that are not identifiers as they are (written into its mapper as string literals)', async () => {
    const db = ctx.database.db;
    const quoted = preparedStatement(db, 'kept_quoted_keys', (name) =>
      db
        .select({
          'it\'s "quoted"\n': sql<number>`${sql.placeholder('n')}::int`,
          '}; throw 1; ({': sql<string>`'code stays a key'`,
        })
        .from(sql`(values (1)) as one (x)`)
        .prepare(name),
    );
    expect(await quoted.execute({ n: 7 })).toEqual([
      { 'it\'s "quoted"\n': 7, '}; throw 1; ({': 'code stays a key' },
    ]);
    // mapped by the mapper written for the statement, not by drizzle's own mapping
    expect((quoted as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    );
  });

  it('of raw SQL answers rows as objects, in a transaction on its connection too', async () => {
    const db = ctx.database.db;
    const statement = (on: typeof db) =>
      preparedSql<{ doubled: number; tag: string }>(
        on,
        'kept_raw_sql',
        () =>
          sql`select ${sql.placeholder('n')}::int * 2 as doubled, coalesce(current_setting('app.tag', true), '') as tag`,
      );
    expect((await statement(db).execute({ n: 21 })).rows).toEqual([{ doubled: 42, tag: '' }]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tag', 'inside', true)`);
      expect((await statement(tx).execute({ n: 2 })).rows).toEqual([{ doubled: 4, tag: 'inside' }]);
    });
  });
});
