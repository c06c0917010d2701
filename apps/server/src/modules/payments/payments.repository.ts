import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { campaigns, donations, paymentIntents } from '../../db/schema/index';

/** What a payment needs to know about its campaign. */
export interface CampaignMoneyState {
  id: string;
  petName: string;
  maxDonationCents: number;
  raisedCents: number;
  lastDate: string;
  paused: boolean;
  archivedAt: Date | null;
}

const moneyColumns = {
  id: campaigns.id,
  petName: campaigns.petName,
  maxDonationCents: campaigns.maxDonationCents,
  raisedCents: campaigns.raisedCents,
  lastDate: campaigns.lastDate,
  paused: campaigns.paused,
  archivedAt: campaigns.archivedAt,
};

/** The campaign's money state without a lock (an early check before calling the provider). */
export async function findCampaignMoney(
  db: DbOrTx,
  id: string,
): Promise<CampaignMoneyState | null> {
  const rows = await db.select(moneyColumns).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Locks the campaign row (SELECT ... FOR UPDATE) for the rest of the transaction: every change of
 * raised or reserved amounts on one campaign goes through this lock, in order, and always before
 * any of its intents is locked (one order everywhere, so no deadlock).
 */
export async function lockCampaignMoney(
  tx: DbOrTx,
  id: string,
): Promise<CampaignMoneyState | null> {
  const rows = await tx
    .select(moneyColumns)
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export type IntentRow = typeof paymentIntents.$inferSelect;
export type NewIntent = typeof paymentIntents.$inferInsert;
export type IntentStatus = IntentRow['status'];

/** The intent by id (a statement prepared once, decision 029: every payment step reads it). */
export async function findIntent(db: DbOrTx, id: string): Promise<IntentRow | null> {
  const rows = await preparedStatement(db, 'payment_intent_by_id', (name) =>
    db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return rows[0] ?? null;
}

/** The intent, locked until the transaction ends (one confirmation at a time). */
export async function lockIntent(tx: DbOrTx, id: string): Promise<IntentRow | null> {
  const rows = await tx
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.id, id))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The refunded mark is final: `recordOnce` refuses any intent carrying it, so no later event
 * (a late webhook, a failure report, a cancel) may overwrite it.
 */
const notRefunded = sql`${paymentIntents.lastError} is distinct from 'refunded'`;

/** Marks an intent canceled unless it already succeeded (a late cancel never undoes a payment). */
export async function cancelOpenIntent(
  db: DbOrTx,
  id: string,
  lastError: string | null = null,
): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ status: 'canceled', lastError, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), ne(paymentIntents.status, 'succeeded'), notRefunded));
}

/** Closes every open intent of a campaign (not the succeeded ones: their money is taken). */
export async function cancelOpenIntentsOfCampaign(
  db: DbOrTx,
  campaignId: string,
  lastError: string,
): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ status: 'canceled', lastError, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentIntents.campaignId, campaignId),
        inArray(paymentIntents.status, ['requires_payment_method', 'processing']),
      ),
    );
}

export async function setIntentError(db: DbOrTx, id: string, lastError: string): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ lastError, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), notRefunded));
}

const unpaid = inArray(paymentIntents.status, ['requires_payment_method', 'processing']);

/**
 * Cents held by payments under way: unpaid intents within their reservation window. A succeeded
 * intent holds nothing: it is marked succeeded only in the statement that records its donation
 * and adds it to the raised amount (`recordDonationOnce`), so its money is in `raisedCents`. The
 * index payment_intents_campaign_open_idx serves this: the cost follows the payments under way,
 * not the campaign's donations.
 */
export async function reservedCents(
  db: DbOrTx,
  campaignId: string,
  now: Date,
  /** Leaves out this donor's unpaid intents (the ones a new payment of theirs replaces). */
  exceptOpenOfDonor?: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${paymentIntents.amountCents}), 0)::int` })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.campaignId, campaignId),
        unpaid,
        gt(paymentIntents.expiresAt, now),
        exceptOpenOfDonor
          ? sql`${paymentIntents.donorId} is distinct from ${exceptOpenOfDonor}`
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Records the donation of a succeeded payment in one statement, in the caller's transaction
 * (which holds the campaign's and the intent's locks): adds its amount to the raised amount only
 * if the maximum is not passed (the guarded UPDATE; PostgreSQL re-checks its WHERE against the
 * latest row after any wait, so concurrent additions neither get lost nor overshoot), inserts the
 * donation (UNIQUE payment_intent_id: a second insert for the intent does nothing) and marks the
 * intent succeeded. Answers the new raised amount and the donation's id; `full` when the maximum
 * would be passed (nothing changed); a null donation id means one already existed (the caller must
 * roll back: the raised amount went up).
 */
export async function recordDonationOnce(
  tx: DbOrTx,
  intent: Pick<IntentRow, 'id' | 'campaignId' | 'donorId' | 'amountCents'>,
): Promise<{ raisedCents: number; donationId: string | null } | 'full'> {
  const result = await tx.execute<{ raised: number | null; donation_id: string | null }>(sql`
    with raised as (
      update ${campaigns}
      set raised_cents = raised_cents + ${intent.amountCents}, updated_at = now()
      where id = ${intent.campaignId} and raised_cents + ${intent.amountCents} <= max_donation_cents
      returning raised_cents
    ), donation as (
      insert into ${donations} (campaign_id, donor_id, amount_cents, payment_intent_id)
      select ${intent.campaignId}, ${intent.donorId}, ${intent.amountCents}, ${intent.id} from raised
      on conflict (payment_intent_id) do nothing
      returning id
    ), paid as (
      update ${paymentIntents}
      set status = 'succeeded', last_error = null, updated_at = now()
      where id = ${intent.id} and exists (select 1 from donation)
      returning id
    )
    select (select raised_cents from raised) as raised,
      (select id from donation) as donation_id,
      (select count(*) from paid) as paid`);
  const [row] = (
    result as unknown as { rows: { raised: number | null; donation_id: string | null }[] }
  ).rows;
  if (row?.raised === null || row?.raised === undefined) return 'full';
  return { raisedCents: Number(row.raised), donationId: row.donation_id };
}

/**
 * Serialises one donor's create-payment calls until the transaction ends (a transaction-scoped
 * advisory lock keyed on the donor), so the cap on open payments cannot be raced past.
 */
export async function lockDonorPayments(tx: DbOrTx, donorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`donor-payments:${donorId}`}))`);
}

/** How many unpaid, unexpired intents the donor holds on other campaigns than this one. */
export async function countOpenIntentsOfDonor(
  db: DbOrTx,
  donorId: string,
  now: Date,
  exceptCampaignId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.donorId, donorId),
        ne(paymentIntents.campaignId, exceptCampaignId),
        unpaid,
        gt(paymentIntents.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Stores a new unpaid intent and cancels the donor's other unpaid intents on its campaign (the
 * new one replaces them), in one statement; answers the ids of those it canceled.
 */
export async function replaceOpenIntentsOfDonor(db: DbOrTx, values: NewIntent): Promise<string[]> {
  const replaced = db.$with('replaced').as(
    db
      .update(paymentIntents)
      .set({ status: 'canceled', lastError: 'replaced', updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentIntents.campaignId, values.campaignId),
          eq(paymentIntents.donorId, values.donorId!),
          unpaid,
        ),
      )
      .returning({ id: paymentIntents.id }),
  );
  const inserted = db
    .$with('inserted')
    .as(db.insert(paymentIntents).values(values).returning({ id: paymentIntents.id }));
  // PostgreSQL runs every data-modifying WITH once, read or not: the insert happens either way
  const rows = await db.with(replaced, inserted).select({ id: replaced.id }).from(replaced);
  return rows.map((r) => r.id);
}

/** True when any donation or payment intent points at the campaign (it must then be kept). */
export async function hasMoneyHistory(db: DbOrTx, campaignId: string): Promise<boolean> {
  const donated = await db
    .select({ one: sql`1` })
    .from(donations)
    .where(eq(donations.campaignId, campaignId))
    .limit(1);
  if (donated.length > 0) return true;
  const intents = await db
    .select({ one: sql`1` })
    .from(paymentIntents)
    .where(eq(paymentIntents.campaignId, campaignId))
    .limit(1);
  return intents.length > 0;
}
