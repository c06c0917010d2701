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
import type { Tx } from '../../db/client';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { CURRENCY, RESERVATION_MINUTES, type PaymentProvider } from './payments.provider';
import {
  addToRaised,
  cancelOpenIntent,
  findCampaignMoney,
  findIntent,
  hasMoneyHistory,
  insertDonationOnce,
  insertIntent,
  lockCampaignMoney,
  lockIntent,
  raisedOf,
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

/** Refuses a donation the campaign cannot take, with the reason and what remains. */
function assertCanTake(
  campaign: CampaignState | null,
  reserved: number,
  amountCents: number,
  now: Date,
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
        : `Payments under way hold what remains of this campaign's maximum. Please try again in ${RESERVATION_MINUTES} minutes.`,
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

/**
 * POST /api/create-payment: reserves the amount against the campaign's maximum and creates the
 * provider's intent. The check runs once without a lock (to refuse early without calling the
 * provider) and again with the campaign row locked, in the transaction that stores the
 * reservation, so concurrent donors can never reserve more than remains.
 */
export async function createPayment(
  ctx: PaymentsDeps,
  donor: AuthUser,
  body: CreatePaymentBody,
): Promise<CreatePaymentAnswer> {
  const db = ctx.database.db;
  const amountCents = toCentsStrict(body.donationAmount);
  const campaignId = body.donationCampaignId;

  const campaign = await findCampaignMoney(db, campaignId);
  assertCanTake(campaign, await reservedCents(db, campaignId, new Date()), amountCents, new Date());

  const intent = await ctx.provider.createIntent({
    amountCents,
    campaignId,
    donorId: donor.id,
    description: `Donation to ${campaign!.petName}`,
  });
  try {
    await db.transaction(async (tx) => {
      const now = new Date();
      const locked = await lockCampaignMoney(tx, campaignId);
      assertCanTake(locked, await reservedCents(tx, campaignId, now), amountCents, now);
      await insertIntent(tx, {
        id: intent.id,
        provider: ctx.provider.name,
        campaignId,
        donorId: donor.id,
        amountCents,
        clientSecret: hashSecret(intent.clientSecret).toString('hex'),
        expiresAt: new Date(now.getTime() + RESERVATION_MINUTES * 60_000),
      });
    });
  } catch (err) {
    await ctx.provider.cancelIntent(intent.id).catch((cancelErr: unknown) => {
      ctx.logger.warn(
        { err: cancelErr, paymentIntentId: intent.id },
        'Could not cancel an unused intent',
      );
    });
    throw err;
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

type RecordResult =
  { created: boolean; raisedCents: number } | { overMaximum: true } | { refunded: true };

/**
 * The one function that turns a succeeded intent into a donation, in the caller's transaction:
 * the donation (unique per intent: a replay inserts nothing), the raised amount (guarded by the
 * maximum) and the intent's status. The intent is locked and read again here, so a payment that
 * was refunded is never recorded, whoever reports it (browser, retry, webhook).
 */
async function recordOnce(tx: Tx, intentId: string): Promise<RecordResult> {
  const intent = await lockIntent(tx, intentId);
  if (!intent) throw noSuchPayment();
  if (intent.lastError === 'refunded') return { refunded: true };
  const donationId = await insertDonationOnce(tx, {
    campaignId: intent.campaignId,
    donorId: intent.donorId,
    amountCents: intent.amountCents,
    paymentIntentId: intent.id,
  });
  if (!donationId) return { created: false, raisedCents: await raisedOf(tx, intent.campaignId) };
  const raised = await addToRaised(tx, intent.campaignId, intent.amountCents);
  if (raised === null) return { overMaximum: true };
  await setIntentStatus(tx, intent.id, 'succeeded');
  return { created: true, raisedCents: raised };
}

class OverMaximum extends Error {}

/**
 * Records a payment the provider says succeeded. If the campaign cannot take it any more (only
 * possible when a Stripe reservation expired before the card was confirmed) the payment is
 * refunded and nothing is recorded.
 */
async function recordSucceeded(
  ctx: PaymentsDeps,
  intent: IntentRow,
): Promise<{ created: boolean; raisedCents: number }> {
  try {
    const result = await ctx.database.db.transaction(async (tx) => {
      const r = await recordOnce(tx, intent.id);
      if ('overMaximum' in r) throw new OverMaximum();
      return r;
    });
    if ('refunded' in result) throw refundedError();
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
  } catch (err) {
    if (!(err instanceof OverMaximum)) throw err;
    ctx.logger.warn({ paymentIntentId: intent.id }, 'Payment over the maximum: refunding');
    await ctx.provider.refund(intent.id);
    await cancelOpenIntent(ctx.database.db, intent.id, 'refunded');
    throw refundedError();
  }
}

const refundedError = () =>
  campaignFull(
    'The campaign reached its maximum before your payment completed, so your payment was refunded.',
  );

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
  if (intent.donorId !== caller.id) throw forbidden('This payment belongs to another user.');
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
  const result = await ctx.database.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, intentId);
    if (!intent || intent.provider !== 'test') throw noSuchPayment();
    if (intent.donorId !== caller.id) {
      throw forbidden('Only the donor who started this payment can confirm it.');
    }
    if (!secretMatches(intent.clientSecret, body.clientSecret)) {
      throw invalidField('json.clientSecret', 'The client secret does not match this payment.');
    }
    if (intent.status === 'succeeded') return { ok: true as const };
    if (intent.status === 'canceled') {
      throw new AppError(409, 'PAYMENT_CANCELED', 'This payment was canceled. Please start again.');
    }
    if (intent.expiresAt.getTime() <= Date.now()) {
      throw new AppError(409, 'PAYMENT_EXPIRED', 'This payment has expired. Please start again.');
    }
    if (!outcome.ok) {
      await setIntentError(tx, intent.id, outcome.code);
      return outcome;
    }
    const recorded = await recordOnce(tx, intent.id);
    if ('refunded' in recorded) throw refundedError();
    if ('overMaximum' in recorded) {
      throw campaignFull(
        'This campaign has reached its maximum donation amount. Nothing was charged.',
      );
    }
    return { ok: true as const };
  });
  if (!result.ok) throw new AppError(402, result.code, result.message);
  return { status: 'succeeded' };
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
    // Refunded because the campaign was full: nothing for Stripe to retry.
    if (err instanceof AppError && err.code === 'CAMPAIGN_FULL') return;
    throw err;
  }
}
