import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedSql, preparedStatement } from '../../db/prepared';
import { campaigns, donations, paymentIntents, paymentUnderWay } from '../../db/schema/index';
import type { NewOutboxMessage } from '../mail/mail.repository';

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

const unpaid = paymentUnderWay(paymentIntents.status);

/** The campaign's money state, read without a lock. */
export async function findCampaignMoney(
  db: DbOrTx,
  id: string,
): Promise<CampaignMoneyState | null> {
  const rows = await db.select(moneyColumns).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The first key of the campaigns' reservations locks (a lock class of their own). */
const RESERVATIONS_LOCK = 42;

/**
 * Serialises, until the transaction ends, whatever reserves or frees room under a campaign's
 * maximum: starting a payment (`startPayment`, which takes it in the database function), and the
 * campaign side's changes (a lowered maximum, pause, archive), which take it before the campaign's
 * row (`holdReservations`). A transaction-scoped advisory lock, not the campaign's row: the row is
 * locked by every recorded donation (the raised amount), and starting a payment never waits for
 * those, nor they for it (decision 042). The two-key form keeps these locks apart from the
 * one-key donor locks; the key is the campaign id's text as the database writes a uuid, as
 * `start_payment` hashes it.
 */
export async function lockCampaignReservations(tx: DbOrTx, campaignId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${RESERVATIONS_LOCK}, hashtext(${campaignId}::uuid::text))`,
  );
}

/** What a new payment of `donorId` on a campaign is checked against (`findRoomForPayment`). */
export interface PaymentRoom {
  campaign: CampaignMoneyState;
  /** Cents held on the campaign by others' payments under way (the donor's are replaced). */
  reservedCents: number;
  /** The donor's payments under way on other campaigns. */
  donorOpenElsewhere: number;
}

/**
 * The campaign's money state, the cents held by others' payments under way and the donor's open
 * payments elsewhere, read in one statement: one snapshot, so a donation recorded meanwhile (which
 * moves its amount from reserved to raised) is seen in both or in neither. Null when there is no
 * such campaign. Read after `startPayment` refused, it says why (or that there is room again).
 */
export async function findRoomForPayment(
  db: DbOrTx,
  campaignId: string,
  donorId: string,
  now: Date,
): Promise<PaymentRoom | null> {
  const room = roomOf(donorId, now);
  const [row] = await db
    .select({
      ...moneyColumns,
      reservedCents: room.reservedByOthers.mapWith(Number),
      donorOpenElsewhere: room.donorOpenElsewhere.mapWith(Number),
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  if (!row) return null;
  const { reservedCents, donorOpenElsewhere, ...campaign } = row;
  return { campaign, reservedCents, donorOpenElsewhere };
}

/**
 * What a new payment of `donorId` is checked against, as expressions on the campaign row in scope
 * (`campaigns.id`): the cents held by others' payments under way on it, and the donor's payments
 * under way on other campaigns. Both are the database functions `start_payment`'s guard uses
 * (migration 0019, decision 044; PL/pgSQL since 0022, decision 048): one definition for the read
 * that explains a refusal and the guard that decides.
 */
function roomOf(donorId: string, now: Date) {
  const at = now.toISOString();
  return {
    reservedByOthers: sql<number>`payment_reserved_by_others(${campaigns.id}, ${donorId}, ${at}::timestamptz)`,
    donorOpenElsewhere: sql<number>`payment_donor_open_elsewhere(${donorId}, ${campaigns.id}, ${at}::timestamptz)`,
  };
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

/**
 * The intent, locked until the transaction ends (the test card form's explanation of a payment it
 * could not charge, `refuseUnpaid`).
 */
export async function lockIntent(tx: DbOrTx, id: string): Promise<IntentRow | null> {
  const rows = await preparedStatement(tx, 'payment_intent_lock', (name) =>
    tx
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, sql.placeholder('id')))
      .for('update')
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return rows[0] ?? null;
}

/**
 * The refunded mark is final: `recordOnce` refuses any intent carrying it, so no later event
 * (a late webhook, a failure report, a cancel) may overwrite it.
 */
const notRefunded = sql`${paymentIntents.lastError} is distinct from 'refunded'`;

/**
 * Marks an intent canceled unless it already succeeded (a late cancel never undoes a payment) or
 * was marked refunded; answers whether it did.
 */
export async function cancelOpenIntent(
  db: DbOrTx,
  id: string,
  lastError: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(paymentIntents)
    .set({ status: 'canceled', lastError, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), ne(paymentIntents.status, 'succeeded'), notRefunded))
    .returning({ id: paymentIntents.id });
  return rows.length > 0;
}

/**
 * Closes every open intent of a campaign (not the succeeded ones: their money is taken). Call it
 * holding the campaign's reservations and before locking its row: it waits for an intent being
 * confirmed right now, whose recording may be waiting for the row (decision 042).
 */
export async function cancelOpenIntentsOfCampaign(
  db: DbOrTx,
  campaignId: string,
  lastError: string,
): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ status: 'canceled', lastError, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.campaignId, campaignId), unpaid));
}

export async function setIntentError(db: DbOrTx, id: string, lastError: string): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ lastError, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), notRefunded));
}

/**
 * Cents held by payments under way: unpaid intents within their reservation window. A succeeded
 * intent holds nothing: it is marked succeeded only in the statement that records its donation
 * and adds it to the raised amount (`recordPayment`), so its money is in `raisedCents`. The
 * partial index payment_intents_campaign_unpaid_idx serves this (decision 052): the cost follows
 * the payments under way, not the campaign's donations.
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

/** What `recordPayment` did: `recorded` now, or why not (nothing changed then). */
export type RecordOutcome =
  | 'recorded'
  /** The payment's donation was recorded before (its raised amount answered). */
  | 'recorded_before'
  /** Its money went back to the donor: nothing is ever recorded for it. */
  | 'refunded'
  /** Closed or expired, with `openOnly` (the test card form: nothing may be charged). */
  | 'not_open'
  /** The campaign cannot take it: removed, paused, ended or its maximum would be passed. */
  | 'refused'
  | 'missing';

/**
 * Records a succeeded payment's donation in one statement, outside any transaction
 * (`record_donation`, migration 0020, decision 045): it locks the payment and, unless it was
 * recorded before, refunded or (with `openOnly`) closed or expired, adds its amount to the raised
 * amount under the campaign's guard (not removed, not paused, its last date not before `today`,
 * the maximum not passed), then writes the donation (`donationId`, `receiptNumber`, dated `now`),
 * marks the payment succeeded, writes `mail` (the receipt) to the outbox unless the donor is gone
 * and, when the campaign is now full, its goal notice. The campaign's row is locked from the
 * addition to the statement's commit, never across a round trip. Answers the outcome, with the
 * raised amount and the maximum when recorded (now or before).
 */
export async function recordPayment(
  db: DbOrTx,
  values: {
    intentId: string;
    donationId: string;
    receiptNumber: number;
    now: Date;
    today: string;
    openOnly: boolean;
    /** The receipt, written unless the donor is gone; due at `mailAt` (the mailer's clock). */
    mail: NewOutboxMessage | null;
    mailAt: Date;
  },
): Promise<{ outcome: RecordOutcome; raisedCents: number; maximumCents: number }> {
  const { rows } = await preparedSql<{
    outcome: RecordOutcome;
    raised: number | null;
    maximum: number | null;
  }>(db, 'payment_record', () => {
    const p = (name: string) => sql.placeholder(name);
    // a SELECT that writes: the comment first, so the embedded database counts it as a write
    return sql`/* writes */ select outcome, raised, maximum from record_donation(${p('intentId')},
        ${p('donationId')}::uuid, ${p('receiptNumber')}::bigint, ${p('now')}::timestamptz,
        ${p('today')}::date, ${p('openOnly')}::boolean, ${p('mailKind')}, ${p('mailTo')},
        ${p('mailSubject')}, ${p('mailText')}, ${p('mailHtml')}, ${p('mailUnsubscribe')},
        ${p('mailAt')}::timestamptz)`;
  }).execute({
    intentId: values.intentId,
    donationId: values.donationId,
    receiptNumber: values.receiptNumber,
    now: values.now.toISOString(),
    today: values.today,
    openOnly: values.openOnly,
    mailKind: values.mail?.kind ?? null,
    mailTo: values.mail?.recipient ?? null,
    mailSubject: values.mail?.subject ?? null,
    mailText: values.mail?.textBody ?? null,
    mailHtml: values.mail?.htmlBody ?? null,
    mailUnsubscribe: values.mail?.unsubscribeUrl ?? null,
    mailAt: values.mailAt.toISOString(),
  });
  const [row] = rows;
  return {
    outcome: row?.outcome ?? 'missing',
    raisedCents: Number(row?.raised ?? 0),
    maximumCents: Number(row?.maximum ?? 0),
  };
}

/**
 * Starts a payment in one statement, outside any transaction (`start_payment`, migration 0019,
 * decision 044): it takes the donor's lock and the campaign's reservations, locks the donor's
 * unpaid payments on the campaign that this one replaces (waiting for one being confirmed right
 * now: recorded, its money counts as raised, and it is left out), stores the new one only if the
 * campaign takes it (not removed, not paused, its last date not before `today`, the donor holding
 * fewer than `maxOpenElsewhere` payments under way elsewhere, and the maximum not passed by the
 * raised amount, what others reserve and this amount: `assertMayStart`'s rules), and only then
 * closes the ones it replaces. Each step reads a snapshot of its own, so a donation recorded
 * meanwhile is seen once, as raised. Answers the ids of the payments it replaced, or null when it
 * stored nothing (and closed nothing): then `findRoomForPayment` and `assertMayStart` say why.
 * The locks are held for the statement only.
 */
export async function startPayment(
  db: DbOrTx,
  values: Required<
    Pick<NewIntent, 'id' | 'provider' | 'campaignId' | 'amountCents' | 'clientSecret' | 'expiresAt'>
  > & { donorId: string },
  rules: { now: Date; today: string; maxOpenElsewhere: number },
): Promise<string[] | null> {
  const { rows } = await preparedSql<{ replaced: string[] | null }>(db, 'payment_start', () => {
    const p = (name: string) => sql.placeholder(name);
    // a SELECT that writes: the comment first, so the embedded database counts it as a write
    return sql`/* writes */ select start_payment(${p('id')}, ${p('provider')},
        ${p('campaignId')}::uuid, ${p('donorId')}, ${p('amountCents')}::int, ${p('clientSecret')},
        ${p('expiresAt')}::timestamptz, ${p('now')}::timestamptz, ${p('today')}::date,
        ${p('maxOpenElsewhere')}::int) as replaced`;
  }).execute({
    ...values,
    expiresAt: values.expiresAt.toISOString(),
    now: rules.now.toISOString(),
    today: rules.today,
    maxOpenElsewhere: rules.maxOpenElsewhere,
  });
  return rows[0]?.replaced ?? null;
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
