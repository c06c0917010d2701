import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns, donations, paymentIntents } from '../../db/schema/index';

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

/** Marks an intent canceled unless it already succeeded (a late cancel never undoes a payment). */
export async function cancelOpenIntent(
  db: DbOrTx,
  id: string,
  lastError: string | null = null,
): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ status: 'canceled', lastError, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), ne(paymentIntents.status, 'succeeded')));
}

export async function setIntentError(db: DbOrTx, id: string, lastError: string): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ lastError, updatedAt: sql`now()` })
    .where(eq(paymentIntents.id, id));
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

export async function raisedOf(db: DbOrTx, campaignId: string): Promise<number> {
  const rows = await db
    .select({ raisedCents: campaigns.raisedCents })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return rows[0]?.raisedCents ?? 0;
}
