import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from './helpers/test-app';

// The committed migrations on a database of their own (PGlite, or PostgreSQL with
// TEST_DATABASE_URL).
const ctx = useTestContext();

/** The query of a PL/pgSQL function `RETURN (<query>);`, its named arguments as $1, $2, ... */
async function queryOf(fn: string, args: string[]): Promise<string> {
  const result = await ctx.database.db.execute(
    sql`select prosrc from pg_proc where proname = ${fn} and pronamespace = 'public'::regnamespace`,
  );
  const [row] = (result as unknown as { rows: { prosrc: string }[] }).rows;
  const body = /RETURN\s*\(([\s\S]*)\);/.exec(row!.prosrc)?.[1];
  if (!body) throw new Error(`${fn}: no RETURN (<query>) in its body`);
  return args.reduce((text, name, i) => text.replaceAll(`"${name}"`, `$${i + 1}`), body);
}

/**
 * The plan PostgreSQL keeps for a function's query in a session (decision 048) once it plans it
 * generically, as text.
 */
async function genericPlan(query: string, types: string, values: string): Promise<string> {
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare room_query (${types}) as ${query}`));
    try {
      const result = await tx.execute(sql.raw(`explain execute room_query (${values})`));
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    } finally {
      await tx.execute(sql`deallocate room_query`);
    }
  });
}

describe('the room a payment starts in', () => {
  it("is counted from the payments under way alone, never the campaign's or the donor's past", async () => {
    // a site with a past: 4,000 payments taken and 400 under way, by 40 donors on 20 campaigns,
    // all inside their reservation window, and statistics that have seen them
    await ctx.database.db.execute(sql`
      insert into "user" (id, name, email)
      select 'donor-' || g, 'Donor ' || g, 'donor' || g || '@example.com'
      from generate_series(1, 40) as g`);
    await ctx.database.db.execute(sql`
      insert into images (id, width, height) values (repeat('ab', 32), 1600, 1200)`);
    await ctx.database.db.execute(sql`
      insert into campaigns (owner_id, picture_id, pet_name, max_donation_cents, last_date,
        short_description, long_description)
      select 'donor-1', repeat('ab', 32), 'Campaign ' || g, 1000000000, current_date + 30,
        'Short.', 'Long.'
      from generate_series(1, 20) as g`);
    await ctx.database.db.execute(sql`
      insert into payment_intents (id, provider, campaign_id, donor_id, amount_cents,
        client_secret, status, expires_at)
      select 'pi_' || g, 'test', c.id, 'donor-' || (g % 40 + 1), 100, 'secret',
        case when g % 11 = 0 then 'requires_payment_method' else 'succeeded' end,
        now() + interval '10 minutes'
      from generate_series(1, 4400) as g
      join (select row_number() over (order by id) as n, id from campaigns) as c
        on c.n = g % 20 + 1`);
    await ctx.database.db.execute(sql`analyze payment_intents`);

    const [campaign] = (
      (await ctx.database.db.execute(sql`select id from campaigns limit 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const reserved = await genericPlan(
      await queryOf('payment_reserved_by_others', ['campaign', 'donor', 'at']),
      'uuid, text, timestamptz',
      `'${campaign!.id}'::uuid, 'donor-1', now()`,
    );
    expect(reserved).toContain('payment_intents_campaign_unpaid_idx');
    const elsewhere = await genericPlan(
      await queryOf('payment_donor_open_elsewhere', ['donor', 'campaign', 'at']),
      'text, uuid, timestamptz',
      `'donor-1', '${campaign!.id}'::uuid, now()`,
    );
    expect(elsewhere).toContain('payment_intents_donor_unpaid_idx');
  });
});
