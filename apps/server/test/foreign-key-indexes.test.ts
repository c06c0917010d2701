import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from './helpers/test-app';

// The committed migrations on a database of their own (PGlite, or PostgreSQL with
// TEST_DATABASE_URL).
const ctx = useTestContext();

/**
 * Foreign keys whose referencing column may go without an index, and why. Without one, deleting or
 * re-keying a referenced row (an account, with `set null` or `cascade`) reads the whole
 * referencing table inside the deletion's transaction, and a lookup by the column (a donor's
 * payments) reads every row: a cost that grows with the site.
 */
const UNINDEXED: Record<string, string> = {
  'pets.place_id': 'places are loaded from the gazetteer and never deleted',
};

describe('foreign keys', () => {
  it('each has an index led by its columns, but for the few listed with a reason', async () => {
    const result = await ctx.database.db.execute(sql`
      select c.conrelid::regclass::text || '.' || string_agg(a.attname, ',' order by k.n) as key
      from pg_constraint c
      cross join lateral unnest(c.conkey) with ordinality as k (attnum, n)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          -- a valid, whole (not partial) B-tree index whose first key columns are the foreign key's
          select 1 from pg_index i
          join pg_class ic on ic.oid = i.indexrelid
          join pg_am am on am.oid = ic.relam and am.amname = 'btree'
          cross join lateral (
            select (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] as lead
          ) as l
          where i.indrelid = c.conrelid and i.indisvalid and i.indpred is null
            and i.indnkeyatts >= cardinality(c.conkey)
            and l.lead @> c.conkey and l.lead <@ c.conkey)
      group by c.oid, c.conrelid`);
    const unindexed = (result as unknown as { rows: { key: string }[] }).rows
      .map((r) => r.key)
      .sort();
    expect(unindexed).toEqual(Object.keys(UNINDEXED).sort());
  });
});
