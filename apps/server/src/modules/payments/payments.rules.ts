import type { AppDeps } from '../../app-deps';
import { randomUUID } from 'node:crypto';
import { notifyGoalsReached } from '../campaigns/campaign-updates.service';
import { prepareReceipt } from '../receipts/receipts.service';
import { campaignToday, isCampaignEnded } from '@pet-haven/shared/campaigns';
import type { ErrorCode } from '@pet-haven/shared/errors';
import { formatCents } from '@pet-haven/shared/money';
import { AppError, invalidField, notFound } from '../../lib/errors';
import {
  type CampaignMoneyState,
  findCampaignMoney,
  type IntentRow,
  type PaymentRoom,
  recordPayment,
} from './payments.repository';

/**
 * The money rules of donations, in one place (decision 011), tested in payments.rules.test.ts:
 * - a campaign takes money only while it is live: not removed (archived), not paused, not past
 *   its last date (`closedReason`);
 * - never beyond its maximum, counting the payments under way (`assertCanTake`, and the guarded
 *   statement of `recordOnce`);
 * - a donor holds at most MAX_OPEN_PAYMENTS_PER_DONOR payments under way (`assertMayOpenAnother`);
 * - a succeeded payment becomes exactly one donation, whoever reports it (`recordOnce`).
 * The services of this module (payment-intents, test-payments, donation-recording,
 * stripe-webhook) ask here and nowhere else.
 */

/**
 * How many unpaid payments one donor may hold at once, over all campaigns (one per campaign: a
 * new payment replaces the donor's open one on the same campaign).
 */
export const MAX_OPEN_PAYMENTS_PER_DONOR = 3;

type CampaignState = Pick<
  CampaignMoneyState,
  'maxDonationCents' | 'raisedCents' | 'lastDate' | 'paused' | 'archivedAt'
>;

export type ClosedReason = 'archived' | 'paused' | 'ended';

/** Why a campaign takes no donation at all now, or null when it is open. */
export function closedReason(campaign: CampaignState, now: Date): ClosedReason | null {
  if (campaign.archivedAt) return 'archived';
  if (campaign.paused) return 'paused';
  if (isCampaignEnded(campaign.lastDate, now)) return 'ended';
  return null;
}

export const closedCodes: Record<ClosedReason, ErrorCode> = {
  archived: 'CAMPAIGN_ARCHIVED',
  paused: 'CAMPAIGN_PAUSED',
  ended: 'CAMPAIGN_ENDED',
};

/** "This campaign ___ and does not accept donations": what happened to a closed campaign. */
export const closedWhat: Record<ClosedReason, string> = {
  archived: 'was removed',
  paused: 'was paused',
  ended: 'ended',
};

export const campaignFull = (message?: string) => new AppError('CAMPAIGN_FULL', message);

export const noSuchPayment = () => notFound('No such payment.');

/** Refuses a donation the campaign cannot take, with the reason and what remains. */
export function assertCanTake(
  campaign: CampaignState | null,
  reservedCents: number,
  amountCents: number,
  now: Date,
  reservationMinutes: number,
): void {
  if (!campaign || campaign.archivedAt) throw notFound('Campaign not found.');
  if (campaign.paused) throw new AppError('CAMPAIGN_PAUSED');
  if (isCampaignEnded(campaign.lastDate, now)) {
    throw new AppError('CAMPAIGN_ENDED', `This campaign ended on ${campaign.lastDate}.`);
  }
  const remaining = campaign.maxDonationCents - campaign.raisedCents - reservedCents;
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
      reservedCents > 0
        ? `Only ${formatCents(remaining)} remains to reach this campaign's maximum (counting payments under way). Please donate at most that.`
        : `Only ${formatCents(remaining)} remains to reach this campaign's maximum. Please donate at most that.`,
    );
  }
}

/** Refuses a new payment to a donor who already holds the most payments under way allowed. */
export function assertMayOpenAnother(openPayments: number, reservationMinutes: number): void {
  if (openPayments < MAX_OPEN_PAYMENTS_PER_DONOR) return;
  throw new AppError(
    'TOO_MANY_OPEN_PAYMENTS',
    `You already have ${MAX_OPEN_PAYMENTS_PER_DONOR} payments under way. Finish one of them, or wait up to ${reservationMinutes} minutes, before starting another.`,
  );
}

/**
 * A new payment of a donor on a campaign, checked against what `findRoomForPayment` read: an
 * unknown campaign first (404), then the donor's cap on payments under way, then the campaign's
 * room.
 */
export function assertMayStart(
  room: PaymentRoom | null,
  amountCents: number,
  now: Date,
  reservationMinutes: number,
): void {
  if (room) assertMayOpenAnother(room.donorOpenElsewhere, reservationMinutes);
  assertCanTake(
    room?.campaign ?? null,
    room?.reservedCents ?? 0,
    amountCents,
    now,
    reservationMinutes,
  );
}

/** What `recordOnce` did with a payment. */
export type RecordResult =
  /** Recorded now (`created`) or before. */
  | { created: boolean; raisedCents: number }
  /** Its money went back to the donor: never recorded. */
  | { refunded: true }
  /** Closed or expired (asked with `openOnly`): nothing recorded. */
  | { notOpen: true }
  /** The campaign cannot take it, and why: nothing recorded. */
  | { refused: ClosedReason | 'full' };

/**
 * The one function that turns a succeeded payment into a donation (decision 045), exactly once
 * whoever reports it (browser, retry, webhook, test card form). `payment` is as read, without a
 * lock: the receipt is prepared from it (its number taken, its mail rendered), then
 * `recordPayment` locks the payment and records it in one statement, unless it was recorded
 * before, refunded, or (with `openOnly`) closed or expired, or the campaign cannot take it (not
 * live, or its maximum would be passed): then nothing changed, and the answer says which. When the
 * donation filled the campaign its organiser is told. Call `deps.mailer.wake()` after a recording.
 */
export async function recordOnce(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger' | 'mailer' | 'now'>,
  payment: IntentRow,
  now: Date,
  options: { openOnly: boolean },
): Promise<RecordResult> {
  const db = deps.database.db;
  if (payment.lastError === 'refunded') return { refunded: true };
  // `succeeded` is set only with the raised amount: recorded, nothing to prepare
  if (payment.status === 'succeeded') {
    const campaign = await findCampaignMoney(db, payment.campaignId);
    return { created: false, raisedCents: campaign?.raisedCents ?? 0 };
  }
  const donationId = randomUUID();
  const receipt = await prepareReceipt(deps, db, payment, donationId, now);
  if (!receipt) throw noSuchPayment();
  const recorded = await recordPayment(db, {
    intentId: payment.id,
    donationId,
    receiptNumber: receipt.receiptNumber,
    now,
    today: campaignToday(now),
    openOnly: options.openOnly,
    mail: receipt.mail,
    mailAt: deps.now(),
  });
  switch (recorded.outcome) {
    case 'missing':
      throw noSuchPayment();
    case 'refunded':
      return { refunded: true };
    case 'not_open':
      return { notOpen: true };
    case 'recorded_before':
      return { created: false, raisedCents: recorded.raisedCents };
    case 'refused': {
      const campaign = await findCampaignMoney(db, payment.campaignId);
      return { refused: (campaign && closedReason(campaign, now)) || 'full' };
    }
    case 'recorded':
      if (recorded.raisedCents >= recorded.maximumCents) {
        // recorded whatever happens here: a notice not taken now is taken by the campaign job
        await notifyGoalsReached(deps, payment.campaignId).catch((err: unknown) =>
          deps.logger.warn({ err, campaignId: payment.campaignId }, 'Goal notice not sent yet'),
        );
      }
      return { created: true, raisedCents: recorded.raisedCents };
  }
}
