import { and, eq, gt, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedSql, preparedStatement } from '../../db/prepared';
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

const unpaid = inArray(paymentIntents.status, ['requires_payment_method', 'processing']);

/** The campaign's money state, read without a lock. */
export async function findCampaignMoney(
  db: DbOrTx,
  id: string,
): Promise<CampaignMoneyState | null> {
  const rows = await db.select(moneyColumns).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The first key of `lockCampaignReservations`' advisory locks (a lock class of their own). */
const RESERVATIONS_LOCK = 42;

/**
 * Serialises, until the transaction ends, whatever reserves or frees room under a campaign's
 * maximum: starting a payment, and the campaign side's changes (a lowered maximum, pause,
 * archive), which take it before the campaign's row (`holdReservations`). A transaction-scoped
 * advisory lock, not the campaign's row: the row is locked by every recorded donation (the raised
 * amount), and starting a payment never waits for those, nor they for it (decision 042). The
 * two-key form keeps these locks apart from the one-key donor locks.
 */
export async function lockCampaignReservations(tx: DbOrTx, campaignId: string): Promise<void> {
  await tx.execute(sql`select ${reservationsLock(campaignId)}`);
}

/** Takes the campaign's reservations lock (the two-key advisory lock of class 42). */
const reservationsLock = (campaignId: string | Placeholder | SQL) =>
  sql`pg_advisory_xact_lock(${RESERVATIONS_LOCK}, hashtext(${campaignId}))`;

/** Takes the donor's lock: their create-payment calls one at a time. */
const donorLock = (donorId: Placeholder) =>
  sql`pg_advisory_xact_lock(hashtext('donor-payments:' || ${donorId}::text))`;

/**
 * Takes the donor's lock (their create-payment calls one at a time, so the cap on open payments
 * cannot be raced past), then the campaign's reservations lock, in one statement: in that order
 * (the fenced subquery runs first), before any intent row is touched, as the campaign side takes
 * the reservations before closing intents. Nobody takes these the other way round: no deadlock.
 */
export async function lockDonorThenReservations(
  tx: DbOrTx,
  donorId: string,
  campaignId: string,
): Promise<void> {
  await preparedSql(tx, 'payments_lock_donor_then_reservations', () => {
    const campaign = sql.placeholder('campaignId');
    const donor = sql.placeholder('donorId');
    return sql`
      select ${reservationsLock(campaign)} from (select ${donorLock(donor)} offset 0) as donor`;
  }).execute({ campaignId, donorId });
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
 * such campaign. Under `lockCampaignReservations` it is what `insertIntentIfRoom` checked.
 */
export async function findRoomForPayment(
  db: DbOrTx,
  campaignId: string,
  donorId: string,
  now: Date,
): Promise<PaymentRoom | null> {
  const room = roomOf(db, donorId, now);
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
 * under way on other campaigns. One definition for the read that explains (`findRoomForPayment`)
 * and the guard that decides (`insertIntentIfRoom`).
 */
function roomOf(db: DbOrTx, donorId: string | Placeholder | SQL, now: Date | Placeholder | SQL) {
  const reserved = db
    .select({ n: sql<number>`coalesce(sum(${paymentIntents.amountCents}), 0)::int` })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.campaignId, campaigns.id),
        unpaid,
        gt(paymentIntents.expiresAt, now),
        sql`${paymentIntents.donorId} is distinct from ${donorId}`,
      ),
    );
  const elsewhere = db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.donorId, donorId),
        ne(paymentIntents.campaignId, campaigns.id),
        unpaid,
        gt(paymentIntents.expiresAt, now),
      ),
    );
  return {
    reservedByOthers: sql<number>`(${reserved})`,
    donorOpenElsewhere: sql<number>`(${elsewhere})`,
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

/** The intent, locked until the transaction ends (one confirmation at a time). */
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
 * Inserts the donation of a succeeded payment, in the caller's transaction (which holds the
 * intent's lock): UNIQUE payment_intent_id, so a second one for the intent inserts nothing (null).
 * Inserting it takes no lock that recording other donations waits for (its campaign_id key only
 * keeps the campaign from being deleted), so the receipt can be written before the campaign's row
 * is locked by `addToRaised`.
 */
export async function insertDonation(
  tx: DbOrTx,
  intent: Pick<IntentRow, 'id' | 'campaignId' | 'donorId' | 'amountCents'>,
): Promise<string | null> {
  const rows = await preparedStatement(tx, 'donation_insert', (name) =>
    tx
      .insert(donations)
      .values({
        campaignId: sql.placeholder('campaignId'),
        donorId: sql.placeholder('donorId'),
        amountCents: sql.placeholder('amountCents'),
        paymentIntentId: sql.placeholder('intentId'),
      })
      .onConflictDoNothing({ target: donations.paymentIntentId })
      .returning({ id: donations.id })
      .prepare(name),
  ).execute({
    campaignId: intent.campaignId,
    donorId: intent.donorId,
    amountCents: intent.amountCents,
    intentId: intent.id,
  });
  return rows[0]?.id ?? null;
}

/**
 * Adds a recorded payment to its campaign's raised amount and marks the intent succeeded, in one
 * statement, only while the campaign takes money: not removed, not paused, its last date not
 * before `today` (the campaign calendar's), and the maximum not passed. PostgreSQL re-checks the
 * WHERE against the latest row after waiting for the row's lock, so concurrent additions neither
 * get lost nor overshoot. The campaign's row stays locked until the transaction ends: the caller
 * sends it last, just before committing. Answers the new raised amount and the maximum, or null
 * when the campaign could not take it (nothing changed).
 */
export async function addToRaised(
  tx: DbOrTx,
  intent: Pick<IntentRow, 'id' | 'campaignId' | 'amountCents'>,
  today: string,
): Promise<{ raisedCents: number; maxDonationCents: number } | null> {
  const { rows } = await preparedSql<{ raised: number; max: number }>(
    tx,
    'campaign_add_to_raised',
    () => {
      const amount = sql`${sql.placeholder('amountCents')}::int`;
      return sql`
        with raised as (
          update ${campaigns}
          set raised_cents = raised_cents + ${amount}, updated_at = now()
          where id = ${sql.placeholder('campaignId')} and archived_at is null and not paused
            and last_date >= ${sql.placeholder('today')}::date
            and raised_cents + ${amount} <= max_donation_cents
          returning raised_cents, max_donation_cents
        ), paid as (
          update ${paymentIntents}
          set status = 'succeeded', last_error = null, updated_at = now()
          where id = ${sql.placeholder('intentId')} and exists (select 1 from raised)
          returning id
        )
        select raised_cents as raised, max_donation_cents as max,
          (select count(*) from paid) as paid
        from raised`;
    },
  ).execute({
    amountCents: intent.amountCents,
    campaignId: intent.campaignId,
    today,
    intentId: intent.id,
  });
  const [row] = rows;
  return row ? { raisedCents: Number(row.raised), maxDonationCents: Number(row.max) } : null;
}

/**
 * Cancels the donor's unpaid intents on the campaign (a new payment of theirs replaces them);
 * answers their ids. It waits for one being confirmed right now, and skips it if that recorded it
 * (its money then counts as raised): so a new payment's room, read after this, never counts the
 * same money twice nor misses it.
 */
export async function cancelOpenIntentsOfDonorOn(
  tx: DbOrTx,
  donorId: string,
  campaignId: string,
): Promise<string[]> {
  const rows = await preparedStatement(tx, 'payment_intents_cancel_of_donor_on', (name) =>
    tx
      .update(paymentIntents)
      .set({ status: 'canceled', lastError: 'replaced', updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentIntents.campaignId, sql.placeholder('campaignId')),
          eq(paymentIntents.donorId, sql.placeholder('donorId')),
          unpaid,
        ),
      )
      .returning({ id: paymentIntents.id })
      .prepare(name),
  ).execute({ campaignId, donorId });
  return rows.map((r) => r.id);
}

/**
 * Stores a new unpaid intent only if, in the same statement, the campaign takes it: not removed,
 * not paused, its last date not before `today`, the donor holding fewer than `maxOpenElsewhere`
 * payments under way elsewhere, and the maximum not passed by the raised amount, what others
 * reserve and this amount (`assertMayStart`'s rules, as one guard: the campaign's reservations
 * stay locked for this statement and the commit only). Answers whether it was stored; when it was
 * not, `findRoomForPayment` and `assertMayStart` say why.
 */
export async function insertIntentIfRoom(
  tx: DbOrTx,
  values: Required<
    Pick<NewIntent, 'id' | 'provider' | 'campaignId' | 'amountCents' | 'clientSecret' | 'expiresAt'>
  > & { donorId: string },
  rules: { now: Date; today: string; maxOpenElsewhere: number },
): Promise<boolean> {
  const { id, provider, campaignId, donorId, amountCents, clientSecret, expiresAt } = values;
  const { rows } = await preparedSql<{ id: string }>(tx, 'payment_intent_insert_if_room', () => {
    const p = (name: string) => sql.placeholder(name);
    const donor = sql`${p('donorId')}::text`;
    const amount = sql`${p('amountCents')}::int`;
    const room = roomOf(tx, donor, p('now'));
    return sql`
      insert into ${paymentIntents}
        (id, provider, campaign_id, donor_id, amount_cents, client_secret, expires_at)
      select ${p('id')}, ${p('provider')}, ${campaigns.id}, ${donor}, ${amount},
        ${p('clientSecret')}, ${p('expiresAt')}::timestamptz
      from ${campaigns}
      where ${campaigns.id} = ${p('campaignId')} and ${campaigns.archivedAt} is null
        and not ${campaigns.paused} and ${campaigns.lastDate} >= ${p('today')}::date
        and ${campaigns.maxDonationCents} - ${campaigns.raisedCents} - ${room.reservedByOthers}
          >= ${amount}
        and ${room.donorOpenElsewhere} < ${p('maxOpenElsewhere')}::int
      returning id`;
  }).execute({
    id,
    provider,
    campaignId,
    donorId,
    amountCents,
    clientSecret,
    expiresAt: expiresAt.toISOString(),
    now: rules.now.toISOString(),
    today: rules.today,
    maxOpenElsewhere: rules.maxOpenElsewhere,
  });
  return rows.length > 0;
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
