import { and, eq, gt, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

export async function insertIntent(db: DbOrTx, values: NewIntent): Promise<void> {
  await db.insert(paymentIntents).values(values);
}

export async function findIntent(db: DbOrTx, id: string): Promise<IntentRow | null> {
  const rows = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
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

export async function setIntentStatus(
  db: DbOrTx,
  id: string,
  status: IntentStatus,
  lastError: string | null = null,
): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ status, lastError, updatedAt: sql`now()` })
    .where(eq(paymentIntents.id, id));
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

/** True when the intent's donation is already recorded. */
export async function isRecorded(db: DbOrTx, paymentIntentId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(donations)
    .where(eq(donations.paymentIntentId, paymentIntentId))
    .limit(1);
  return rows.length > 0;
}

export async function setIntentError(db: DbOrTx, id: string, lastError: string): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ lastError, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), notRefunded));
}

/**
 * Records the donation of a payment intent once: the UNIQUE payment_intent_id makes a second
 * insert for the same intent do nothing. Answers the new donation's id, or null if the intent
 * was already recorded.
 */
export async function insertDonationOnce(
  db: DbOrTx,
  values: {
    campaignId: string;
    donorId: string | null;
    amountCents: number;
    paymentIntentId: string;
  },
): Promise<string | null> {
  const rows = await db
    .insert(donations)
    .values(values)
    .onConflictDoNothing({ target: donations.paymentIntentId })
    .returning({ id: donations.id });
  return rows[0]?.id ?? null;
}

/**
 * Adds to the raised amount only if the maximum is not passed. The UPDATE takes the row lock,
 * and PostgreSQL re-checks the WHERE against the latest row after waiting for it, so
 * concurrent additions neither get lost nor overshoot. Answers the new raised amount, or null
 * when it would pass the maximum.
 */
export async function addToRaised(
  db: DbOrTx,
  campaignId: string,
  cents: number,
): Promise<number | null> {
  const rows = await db
    .update(campaigns)
    .set({ raisedCents: sql`${campaigns.raisedCents} + ${cents}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaigns.id, campaignId),
        sql`${campaigns.raisedCents} + ${cents} <= ${campaigns.maxDonationCents}`,
      ),
    )
    .returning({ raisedCents: campaigns.raisedCents });
  return rows[0]?.raisedCents ?? null;
}

/**
 * Cents held by payments under way: intents not canceled, not yet recorded as a donation, and
 * either still within their reservation window or already succeeded (paid, record pending).
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
        exceptOpenOfDonor
          ? sql`not (${paymentIntents.donorId} is not distinct from ${exceptOpenOfDonor} and ${paymentIntents.status} <> 'succeeded')`
          : undefined,
        inArray(paymentIntents.status, ['requires_payment_method', 'processing', 'succeeded']),
        or(gt(paymentIntents.expiresAt, now), eq(paymentIntents.status, 'succeeded')),
        notExists(
          db
            .select({ one: sql`1` })
            .from(donations)
            .where(eq(donations.paymentIntentId, paymentIntents.id)),
        ),
      ),
    );
  return row?.n ?? 0;
}

const unpaid = inArray(paymentIntents.status, ['requires_payment_method', 'processing']);

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

/** Cancels the donor's unpaid intents on one campaign (replaced by a new one); answers their ids. */
export async function cancelOpenIntentsOfDonor(
  db: DbOrTx,
  campaignId: string,
  donorId: string,
): Promise<string[]> {
  const rows = await db
    .update(paymentIntents)
    .set({ status: 'canceled', lastError: 'replaced', updatedAt: sql`now()` })
    .where(
      and(eq(paymentIntents.campaignId, campaignId), eq(paymentIntents.donorId, donorId), unpaid),
    )
    .returning({ id: paymentIntents.id });
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
