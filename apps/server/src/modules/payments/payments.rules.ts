import type { AppDeps } from '../../app-deps';
import { notifyIfGoalReached } from '../campaigns/campaign-updates.service';
import { writeReceiptMail } from '../receipts/receipts.service';
import { isCampaignEnded } from '@pet-haven/shared/campaigns';
import type { ErrorCode } from '@pet-haven/shared/errors';
import { formatCents } from '@pet-haven/shared/money';
import type { DbOrTx } from '../../db/client';
import { AppError, invalidField, notFound } from '../../lib/errors';
import {
  type CampaignMoneyState,
  type IntentRow,
  lockCampaignMoney,
  lockIntent,
  recordDonationOnce,
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
export async function recordOnce(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  tx: DbOrTx,
  intent: Pick<IntentRow, 'id' | 'campaignId'>,
  now: Date,
  /** The campaign and the intent, when the caller locked them already (in that order). */
  locked?: { campaign: CampaignMoneyState; intent: IntentRow },
): Promise<RecordResult> {
  const campaign = locked?.campaign ?? (await lockCampaignMoney(tx, intent.campaignId));
  const current = locked?.intent ?? (await lockIntent(tx, intent.id));
  if (!campaign || !current) throw noSuchPayment();
  if (current.lastError === 'refunded') return { refunded: true };
  // `succeeded` is set only below, with the donation, in one statement: it means recorded
  if (current.status === 'succeeded') return { created: false, raisedCents: campaign.raisedCents };
  const closed = closedReason(campaign, now);
  if (closed) return { refused: closed };
  const recorded = await recordDonationOnce(tx, current);
  if (recorded === 'full') return { refused: 'full' };
  // the intent was not succeeded under its lock, so a donation already there means a broken
  // invariant: throwing rolls back the raised amount rather than counting money with no donation row
  if (!recorded.donationId) throw new Error(`Donation for payment ${current.id} already exists`);
  // the donor's receipt, written with the donation (call deps.mailer.wake() after the commit)
  await writeReceiptMail(deps, tx, recorded.donationId);
  // and the organiser's, when this donation filled the campaign
  await notifyIfGoalReached(
    deps,
    tx,
    { id: intent.campaignId, maxDonationCents: campaign.maxDonationCents },
    recorded.raisedCents,
  );
  return { created: true, raisedCents: recorded.raisedCents };
}
