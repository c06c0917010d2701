import { createHash, timingSafeEqual } from 'node:crypto';
import { isCampaignEnded } from '@pet-haven/shared/campaigns';
import { formatCents, fromCents, toCentsStrict } from '@pet-haven/shared/money';
import type {
  CreatePaymentAnswer,
  CreatePaymentBody,
  RecordDonationAnswer,
  RecordDonationBody,
  TestPaymentConfirmBody,
} from '@pet-haven/shared/payments';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import type { Tx } from '../../db/client';
import { AppError, invalidField, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import * as paymentsPolicy from './payments.policy';
import { CURRENCY, MAX_OPEN_PAYMENTS_PER_DONOR, type PaymentProvider } from './payments.provider';
import {
  addToRaised,
  cancelOpenIntent,
  findCampaignMoney,
  findIntent,
  hasMoneyHistory,
  cancelOpenIntentsOfCampaign,
  cancelOpenIntentsOfDonor,
  countOpenIntentsOfDonor,
  insertDonationOnce,
  insertIntent,
  isRecorded,
  lockCampaignMoney,
  lockDonorPayments,
  lockIntent,
  reservedCents,
  setIntentError,
  setIntentStatus,
  type IntentRow,
} from './payments.repository';
import { StripePaymentProvider, toProviderIntent } from './stripe-payments.provider';
import { checkTestCard } from './test-cards';
import { TestPaymentProvider } from './test-payments.provider';

export type PaymentsDeps = Pick<AppDeps, 'config' | 'database' | 'logger'> & {
  provider: PaymentProvider;
};

/** Stripe when its keys are configured, otherwise the built-in test provider. */
export function createPaymentProvider(deps: Pick<AppDeps, 'config' | 'database'>): PaymentProvider {
  return deps.config.stripe
    ? new StripePaymentProvider(deps.config.stripe)
    : new TestPaymentProvider(deps.database.db);
}

/**
 * Cents that payments under way hold against a campaign's maximum (for the campaign side, e.g.
 * the floor of a lowered maximum). Call it with the campaign row locked.
 */
export function reservedCentsOf(tx: Tx, campaignId: string): Promise<number> {
  return reservedCents(tx, campaignId, new Date());
}

/** True when any donation or payment points at the campaign: it must be archived, not erased. */
export function campaignHasMoneyHistory(tx: Tx, campaignId: string): Promise<boolean> {
  return hasMoneyHistory(tx, campaignId);
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

function secretMatches(storedHex: string, given: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = hashSecret(given);
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

const noSuchPayment = () => notFound('No such payment.');

const campaignFull = (message: string) => new AppError(409, 'CAMPAIGN_FULL', message);

interface CampaignState {
  maxDonationCents: number;
  raisedCents: number;
  lastDate: string;
  paused: boolean;
  archivedAt: Date | null;
}

type ClosedReason = 'archived' | 'paused' | 'ended';

/** Why a campaign takes no donation at all now, or null when it is open. */
function closedReason(campaign: CampaignState, now: Date): ClosedReason | null {
  if (campaign.archivedAt) return 'archived';
  if (campaign.paused) return 'paused';
  if (isCampaignEnded(campaign.lastDate, now)) return 'ended';
  return null;
}

const closedCodes: Record<ClosedReason, string> = {
  archived: 'CAMPAIGN_ARCHIVED',
  paused: 'CAMPAIGN_PAUSED',
  ended: 'CAMPAIGN_ENDED',
};

const closedWhat: Record<ClosedReason, string> = {
  archived: 'was removed',
  paused: 'was paused',
  ended: 'ended',
};

/** The test provider's confirm of an intent whose campaign closed meanwhile (nothing charged). */
const closedBeforeConfirm = (reason: ClosedReason) =>
  new AppError(
    409,
    closedCodes[reason],
    `This campaign ${closedWhat[reason]} and does not accept donations any more. Nothing was charged.`,
  );

/** Refuses a donation the campaign cannot take, with the reason and what remains. */
function assertCanTake(
  campaign: CampaignState | null,
  reserved: number,
  amountCents: number,
  now: Date,
  reservationMinutes: number,
): void {
  if (!campaign || campaign.archivedAt) throw notFound('Campaign not found.');
  if (campaign.paused) {
    throw new AppError(
      409,
      'CAMPAIGN_PAUSED',
      'This campaign is paused and does not accept donations.',
    );
  }
  if (isCampaignEnded(campaign.lastDate, now)) {
    throw new AppError(409, 'CAMPAIGN_ENDED', `This campaign ended on ${campaign.lastDate}.`);
  }
  const remaining = campaign.maxDonationCents - campaign.raisedCents - reserved;
  if (remaining <= 0) {
    throw campaignFull(
      campaign.raisedCents >= campaign.maxDonationCents
        ? 'This campaign has reached its maximum donation amount.'
        : `Payments under way hold what remains of this campaign's maximum. Please try again in ${reservationMinutes} minutes.`,
    );
  }
  if (amountCents > remaining) {
    throw invalidField(
      'json.donationAmount',
      reserved > 0
        ? `Only ${formatCents(remaining)} remains to reach this campaign's maximum (counting payments under way). Please donate at most that.`
        : `Only ${formatCents(remaining)} remains to reach this campaign's maximum. Please donate at most that.`,
    );
  }
}

const tooManyOpen = (minutes: number) =>
  new AppError(
    429,
    'TOO_MANY_OPEN_PAYMENTS',
    `You already have ${MAX_OPEN_PAYMENTS_PER_DONOR} payments under way. Finish one of them, or wait up to ${minutes} minutes, before starting another.`,
  );

/**
 * POST /api/create-payment: reserves the amount against the campaign's maximum and creates the
 * provider's intent. The check runs once without a lock (to refuse early without calling the
 * provider) and again with the campaign row locked, in the transaction that stores the
 * reservation, so concurrent donors can never reserve more than remains. A donor holds at most
 * one unpaid intent per campaign (a new one replaces it, in the same transaction) and at most
 * MAX_OPEN_PAYMENTS_PER_DONOR in all, so nobody can hold a campaign's remainder without paying.
 */
export async function createPayment(
  ctx: PaymentsDeps,
  donor: AuthUser,
  body: CreatePaymentBody,
): Promise<CreatePaymentAnswer> {
  const db = ctx.database.db;
  const amountCents = toCentsStrict(body.donationAmount);
  const campaignId = body.donationCampaignId;
  const minutes = ctx.provider.reservationMinutes;

  const campaign = await findCampaignMoney(db, campaignId);
  const early = new Date();
  assertCanTake(
    campaign,
    await reservedCents(db, campaignId, early, donor.id),
    amountCents,
    early,
    minutes,
  );
  if (
    (await countOpenIntentsOfDonor(db, donor.id, early, campaignId)) >= MAX_OPEN_PAYMENTS_PER_DONOR
  ) {
    throw tooManyOpen(minutes);
  }

  const intent = await ctx.provider.createIntent({
    amountCents,
    campaignId,
    donorId: donor.id,
    description: `Donation to ${campaign!.petName}`,
  });
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      const now = new Date();
      const locked = await lockCampaignMoney(tx, campaignId);
      await lockDonorPayments(tx, donor.id);
      if (
        (await countOpenIntentsOfDonor(tx, donor.id, now, campaignId)) >=
        MAX_OPEN_PAYMENTS_PER_DONOR
      ) {
        throw tooManyOpen(minutes);
      }
      const previous = await cancelOpenIntentsOfDonor(tx, campaignId, donor.id);
      assertCanTake(locked, await reservedCents(tx, campaignId, now), amountCents, now, minutes);
      await insertIntent(tx, {
        id: intent.id,
        provider: ctx.provider.name,
        campaignId,
        donorId: donor.id,
        amountCents,
        clientSecret: hashSecret(intent.clientSecret).toString('hex'),
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      });
      return previous;
    });
  } catch (err) {
    await cancelAtProvider(ctx, intent.id, 'Could not cancel an unused intent');
    throw err;
  }
  // the replaced intents reserve nothing any more; the provider forgets them too (best effort)
  for (const id of replaced) await cancelAtProvider(ctx, id, 'Could not cancel a replaced intent');
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

async function cancelAtProvider(ctx: PaymentsDeps, id: string, warning: string): Promise<void> {
  await ctx.provider.cancelIntent(id).catch((err: unknown) => {
    ctx.logger.warn({ err, paymentIntentId: id }, warning);
  });
}

type RecordResult =
  | { created: boolean; raisedCents: number }
  | { refused: ClosedReason | 'full' }
  | { refunded: true };

/**
 * The one function that turns a succeeded intent into a donation, in the caller's transaction.
 * It locks the campaign row, then the intent (the order every writer uses), and records only
 * when the payment was not refunded, the campaign is live (not archived, paused or ended) and
 * the maximum is not passed: the donation (unique per intent: a replay inserts nothing), the
 * raised amount and the intent's status. Whoever reports a payment (browser, retry, webhook,
 * test confirm) goes through here.
 */
async function recordOnce(
  tx: Tx,
  intent: Pick<IntentRow, 'id' | 'campaignId'>,
  now: Date,
): Promise<RecordResult> {
  const campaign = await lockCampaignMoney(tx, intent.campaignId);
  const current = await lockIntent(tx, intent.id);
  if (!campaign || !current) throw noSuchPayment();
  if (current.lastError === 'refunded') return { refunded: true };
  if (await isRecorded(tx, current.id))
    return { created: false, raisedCents: campaign.raisedCents };
  const closed = closedReason(campaign, now);
  if (closed) return { refused: closed };
  const raised = await addToRaised(tx, current.campaignId, current.amountCents);
  if (raised === null) return { refused: 'full' };
  const donationId = await insertDonationOnce(tx, {
    campaignId: current.campaignId,
    donorId: current.donorId,
    amountCents: current.amountCents,
    paymentIntentId: current.id,
  });
  // isRecorded ran under the intent's lock, so a conflict here means a broken invariant:
  // throwing rolls back the raised amount rather than counting money with no donation row.
  if (!donationId) throw new Error(`Donation for payment ${current.id} already exists`);
  await setIntentStatus(tx, current.id, 'succeeded');
  return { created: true, raisedCents: raised };
}

/** A payment whose money went back to the donor: a final answer (nothing for Stripe to retry). */
class PaymentRefunded extends AppError {}

const refundedError = (reason: ClosedReason | 'full' | null) => {
  if (reason === 'full') {
    return new PaymentRefunded(
      409,
      'CAMPAIGN_FULL',
      'The campaign reached its maximum before your payment completed, so your payment was refunded.',
    );
  }
  if (reason) {
    return new PaymentRefunded(
      409,
      closedCodes[reason],
      `The campaign ${closedWhat[reason]} before your payment completed, so your payment was refunded.`,
    );
  }
  return new PaymentRefunded(
    409,
    'PAYMENT_REFUNDED',
    'This payment was refunded, so no donation was recorded.',
  );
};

/**
 * Records a payment the provider says succeeded (money taken). If the campaign cannot take it
 * any more (paused, archived or ended meanwhile, or full because a Stripe reservation expired
 * before the card was confirmed) the payment is refunded and nothing is recorded.
 */
async function recordSucceeded(
  ctx: PaymentsDeps,
  intent: IntentRow,
): Promise<{ created: boolean; raisedCents: number }> {
  const result = await ctx.database.db.transaction((tx) => recordOnce(tx, intent, new Date()));
  if ('refunded' in result) throw refundedError(null);
  if ('refused' in result) {
    ctx.logger.warn(
      { paymentIntentId: intent.id, reason: result.refused },
      'Campaign cannot take this payment: refunding',
    );
    await ctx.provider.refund(intent.id);
    await cancelOpenIntent(ctx.database.db, intent.id, 'refunded');
    throw refundedError(result.refused);
  }
  if (result.created) {
    ctx.logger.info(
      {
        paymentIntentId: intent.id,
        campaignId: intent.campaignId,
        amountCents: intent.amountCents,
      },
      'Donation recorded',
    );
  }
  return result;
}

/**
 * POST /api/donations/record: the browser reports a payment. The server asks the provider
 * whether that intent succeeded, for that campaign, that amount and this donor, and only then
 * records it (once, whoever reports it first: browser, retry or webhook).
 */
export async function recordDonation(
  ctx: PaymentsDeps,
  caller: AuthUser,
  body: RecordDonationBody,
): Promise<RecordDonationAnswer> {
  const amountCents = toCentsStrict(body.amount);
  const intent = await findIntent(ctx.database.db, body.paymentIntentId);
  if (!intent || intent.provider !== ctx.provider.name) throw noSuchPayment();
  authorize(paymentsPolicy.canRecord(caller, intent));
  if (intent.campaignId !== body.donationId) {
    throw invalidField('json.donationId', 'This payment was made for another campaign.');
  }
  if (intent.amountCents !== amountCents) {
    throw invalidField(
      'json.amount',
      `The amount does not match the payment (${formatCents(intent.amountCents)}).`,
    );
  }
  const remote = await ctx.provider.retrieveIntent(intent.id);
  if (!remote) throw noSuchPayment();
  if (
    remote.amountCents !== intent.amountCents ||
    remote.currency !== CURRENCY ||
    remote.campaignId !== intent.campaignId
  ) {
    ctx.logger.error({ paymentIntentId: intent.id, remote }, 'Provider intent does not match ours');
    throw new AppError(409, 'PAYMENT_MISMATCH', 'This payment does not match the donation.');
  }
  if (remote.status !== 'succeeded') {
    throw new AppError(
      402,
      'PAYMENT_NOT_COMPLETED',
      'The payment has not succeeded, so no donation was recorded.',
    );
  }
  const result = await recordSucceeded(ctx, intent);
  return { created: result.created, donatedAmount: fromCents(result.raisedCents) };
}

/**
 * POST /api/test-payments/{id}/confirm (test provider only): checks the card like a processor
 * and, when it is accepted, marks the intent succeeded and records the donation in the same
 * transaction (what Stripe's webhook does for real payments). Declines answer 402.
 */
export async function confirmTestPayment(
  ctx: PaymentsDeps,
  caller: AuthUser,
  intentId: string,
  body: TestPaymentConfirmBody,
): Promise<{ status: 'succeeded' }> {
  const outcome = checkTestCard(body);
  const found = await findIntent(ctx.database.db, intentId);
  if (!found || found.provider !== 'test') throw noSuchPayment();
  authorize(paymentsPolicy.canConfirm(caller, found));
  if (!secretMatches(found.clientSecret, body.clientSecret)) {
    throw invalidField('json.clientSecret', 'The client secret does not match this payment.');
  }
  const result = await ctx.database.db.transaction(async (tx) => {
    const now = new Date();
    // campaign first, then the intent: the order every writer uses
    const campaign = await lockCampaignMoney(tx, found.campaignId);
    const intent = await lockIntent(tx, intentId);
    if (!campaign || !intent) throw noSuchPayment();
    if (intent.status === 'succeeded') return { ok: true as const };
    const closed = closedReason(campaign, now);
    if (closed) {
      // the campaign closed after the payment started: no charge, and the intent is closed too
      await cancelOpenIntent(tx, intent.id, `campaign_${closed}`);
      return { ok: false as const, closed };
    }
    if (intent.status === 'canceled') {
      throw new AppError(409, 'PAYMENT_CANCELED', 'This payment was canceled. Please start again.');
    }
    if (intent.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(409, 'PAYMENT_EXPIRED', 'This payment has expired. Please start again.');
    }
    if (!outcome.ok) {
      await setIntentError(tx, intent.id, outcome.code);
      return outcome;
    }
    const recorded = await recordOnce(tx, intent, now);
    if ('refunded' in recorded || 'refused' in recorded) {
      throw campaignFull(
        'This campaign has reached its maximum donation amount. Nothing was charged.',
      );
    }
    return { ok: true as const };
  });
  if (!result.ok) {
    if ('closed' in result) throw closedBeforeConfirm(result.closed);
    throw new AppError(402, result.code, result.message);
  }
  return { status: 'succeeded' };
}

/**
 * Closes the open intents of a campaign that was just paused or archived, in the caller's
 * transaction (campaign row locked): they reserve nothing any more and the test provider refuses
 * to confirm them. A Stripe intent the donor still pays is refunded when it is reported.
 */
export async function releaseOpenIntents(
  tx: Tx,
  campaignId: string,
  reason: 'paused' | 'archived',
): Promise<void> {
  await cancelOpenIntentsOfCampaign(tx, campaignId, `campaign_${reason}`);
}

/**
 * POST /api/stripe/webhook: verified over the raw body. payment_intent.succeeded records the
 * donation (once, like the browser's call); canceled releases the reservation.
 */
export async function handleStripeWebhook(
  ctx: PaymentsDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  const provider = ctx.provider;
  if (!(provider instanceof StripePaymentProvider)) throw notFound();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('missing signature');
    event = provider.parseWebhook(rawBody, signature);
  } catch (_err) {
    throw new AppError(400, 'BAD_SIGNATURE', 'The webhook signature is missing or not valid.');
  }
  const log = ctx.logger.child({ eventId: event.id, eventType: event.type });

  if (
    event.type !== 'payment_intent.succeeded' &&
    event.type !== 'payment_intent.canceled' &&
    event.type !== 'payment_intent.payment_failed'
  ) {
    return;
  }
  const remote = toProviderIntent(event.data.object);
  const intent = await findIntent(ctx.database.db, remote.id);
  if (!intent || intent.provider !== 'stripe') {
    log.warn({ paymentIntentId: remote.id }, 'Webhook for an intent we did not create: ignored');
    return;
  }
  if (event.type === 'payment_intent.canceled') {
    await cancelOpenIntent(ctx.database.db, intent.id, 'canceled');
    return;
  }
  if (event.type === 'payment_intent.payment_failed') {
    const code = event.data.object.last_payment_error?.code ?? 'payment_failed';
    await setIntentError(ctx.database.db, intent.id, code);
    return;
  }
  if (
    remote.status !== 'succeeded' ||
    remote.amountCents !== intent.amountCents ||
    remote.currency !== CURRENCY ||
    remote.campaignId !== intent.campaignId
  ) {
    log.error(
      { paymentIntentId: intent.id, remote },
      'Webhook intent does not match ours: ignored',
    );
    return;
  }
  try {
    await recordSucceeded(ctx, intent);
  } catch (err) {
    // Refunded (campaign full, paused, archived or ended): nothing for Stripe to retry.
    if (err instanceof PaymentRefunded) return;
    throw err;
  }
}
