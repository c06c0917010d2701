import type { AppDeps } from '../../app-deps';
import { notifyIfGoalReached } from '../campaigns/campaign-updates.service';
import { writeReceiptMail } from '../receipts/receipts.service';
import { campaignToday, isCampaignEnded } from '@pet-haven/shared/campaigns';
import type { ErrorCode } from '@pet-haven/shared/errors';
import { formatCents } from '@pet-haven/shared/money';
import type { DbOrTx } from '../../db/client';
import { AppError, invalidField, notFound } from '../../lib/errors';
import {
  addToRaised,
  type CampaignMoneyState,
  findCampaignMoney,
  insertDonation,
  type IntentRow,
  lockIntent,
  type PaymentRoom,
} from './payments.repository';

/**
 * The money rules of donations, in one place (decision 011), tested in payments.rules.test.ts:
 * - a campaign takes money only while it is live: not removed (archived), not paused, not past
 *   its last date (`closedReason`);
 * - never beyond its maximum, counting the payments under way (`assertCanTake`, and the guarded
 *   update of `recordOnce`);
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

type RecordResult = { created: boolean; raisedCents: number } | { refunded: true };

/**
 * Thrown by `recordOnce` when the campaign cannot take the payment (closed, or its maximum would
 * be passed): the transaction rolls back (the donation and receipt it wrote with it), and the
 * caller then closes the payment (the test provider) or refunds it (a provider's succeeded one).
 */
export class RecordingRefused extends Error {
  constructor(readonly reason: ClosedReason | 'full') {
    super(`The campaign cannot take this payment: ${reason}`);
  }
}

/**
 * The one function that turns a succeeded intent into a donation, in the caller's transaction.
 * It locks the intent (unless the caller did), and records only when the payment was not
 * refunded nor recorded already: the donation (unique per intent), its receipt, then the raised
 * amount and the intent's status in one guarded statement (`addToRaised`: the campaign live and
 * the maximum not passed), sent last so the campaign's row, which every donation to the campaign
 * locks, stays locked only until the commit that follows (decision 042). Whoever reports a
 * payment (browser, retry, webhook, test confirm) goes through here. Throws RecordingRefused
 * when the campaign cannot take it.
 */
export async function recordOnce(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  tx: DbOrTx,
  intentId: string,
  now: Date,
  /** The intent, when the caller locked it already. */
  locked?: IntentRow,
): Promise<RecordResult> {
  const current = locked ?? (await lockIntent(tx, intentId));
  if (!current) throw noSuchPayment();
  if (current.lastError === 'refunded') return { refunded: true };
  // `succeeded` is set only with the raised amount, under the intent's lock: it means recorded
  if (current.status === 'succeeded') {
    const campaign = await findCampaignMoney(tx, current.campaignId);
    return { created: false, raisedCents: campaign?.raisedCents ?? 0 };
  }
  const donationId = await insertDonation(tx, current);
  // the intent was not succeeded under its lock, so a donation already there means a broken
  // invariant: throwing rolls everything back rather than counting money twice
  if (!donationId) throw new Error(`Donation for payment ${current.id} already exists`);
  // the donor's receipt, written with the donation (call deps.mailer.wake() after the commit)
  await writeReceiptMail(deps, tx, donationId);
  const added = await addToRaised(tx, current, campaignToday(now));
  if (!added) {
    const campaign = await findCampaignMoney(tx, current.campaignId);
    throw new RecordingRefused((campaign && closedReason(campaign, now)) || 'full');
  }
  // and the organiser's, when this donation filled the campaign
  await notifyIfGoalReached(
    deps,
    tx,
    { id: current.campaignId, maxDonationCents: added.maxDonationCents },
    added.raisedCents,
  );
  return { created: true, raisedCents: added.raisedCents };
}
