import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers/test-app';
import { KEPT_STATEMENTS, preparedStatement } from './prepared';

// A database of its own (PGlite, or PostgreSQL with TEST_DATABASE_URL), nothing asked of it yet.
const ctx = useTestContext();

describe('statements kept prepared', () => {
  it('keeps at most KEPT_STATEMENTS per database; past that a new one runs unnamed, each time', async () => {
    const db = ctx.database.db;
    const prepared: string[] = [];
    const statementOf = (i: number) =>
      preparedStatement(db, `bounded_${i}`, (name) => {
        prepared.push(name);
        return db
          .select({ n: sql<number>`${sql.placeholder('n')}::int + ${sql.raw(String(i))}` })
          .from(sql`(values (1)) as one (x)`)
          .prepare(name);
      });
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
    if (ctx.database.kind === 'postgres') {
      // and no connection holds more named statements than the bound
      const [row] = (
        (await db.execute(
          sql`select count(*)::int as n from pg_prepared_statements`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      expect(row!.n).toBeLessThanOrEqual(KEPT_STATEMENTS);
    }
  });
});
