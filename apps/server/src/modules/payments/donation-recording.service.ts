import { toCentsStrict, formatCents } from '@pet-haven/shared/money';
import type { RecordDonationBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { AppError, invalidField } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import * as paymentsPolicy from './payments.policy';
import { CURRENCY } from './payments.provider';
import {
  cancelOpenIntent,
  findCampaignMoney,
  findIntent,
  type IntentRow,
} from './payments.repository';
import {
  type ClosedReason,
  closedCodes,
  closedWhat,
  noSuchPayment,
  recordOnce,
} from './payments.rules';

type Deps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'paymentProvider' | 'mailer' | 'now'>;

/** A donation recorded now (`created`) or before (a retry), and the campaign's raised amount. */
export interface RecordedDonation {
  created: boolean;
  raisedCents: number;
}

/**
 * POST /api/donations/record: the browser reports a payment. The server asks the provider
 * whether that intent succeeded, for that campaign, that amount and this donor, and only then
 * records it (once, whoever reports it first: browser, retry or webhook).
 */
export async function recordDonation(
  deps: Deps,
  caller: AuthUser,
  body: RecordDonationBody,
): Promise<RecordedDonation> {
  const amountCents = toCentsStrict(body.amount);
  const intent = await findIntent(deps.database.db, body.paymentIntentId);
  if (!intent || intent.provider !== deps.paymentProvider.name) throw noSuchPayment();
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
  if (intent.status === 'succeeded') {
    // recorded already (the test card form, the webhook or an earlier report did it; the status
    // is set only with the donation): nothing to ask the provider, nothing to lock
    const campaign = await findCampaignMoney(deps.database.db, intent.campaignId);
    return { created: false, raisedCents: campaign?.raisedCents ?? 0 };
  }
  const remote = await deps.paymentProvider.retrieveIntent(intent.id);
  if (!remote) throw noSuchPayment();
  if (
    remote.amountCents !== intent.amountCents ||
    remote.currency !== CURRENCY ||
    remote.campaignId !== intent.campaignId
  ) {
    deps.logger.error(
      { paymentIntentId: intent.id, remote },
      'Provider intent does not match ours',
    );
    throw new AppError('PAYMENT_MISMATCH');
  }
  if (remote.status !== 'succeeded') throw new AppError('PAYMENT_NOT_COMPLETED');
  return recordSucceeded(deps, intent);
}

/** A payment whose money went back to the donor: a final answer (nothing for Stripe to retry). */
export class PaymentRefunded extends AppError {}

const refundedError = (reason: ClosedReason | 'full' | null) => {
  if (reason === 'full') {
    return new PaymentRefunded(
      'CAMPAIGN_FULL',
      'The campaign reached its maximum before your payment completed, so your payment was refunded.',
    );
  }
  if (reason) {
    return new PaymentRefunded(
      closedCodes[reason],
      `The campaign ${closedWhat[reason]} before your payment completed, so your payment was refunded.`,
    );
  }
  return new PaymentRefunded('PAYMENT_REFUNDED');
};

/**
 * Asks the provider to give a payment marked refunded its money back. A failure is logged with
 * the payment (the mark stays: the next report of it, Stripe's webhook retrying at the latest,
 * asks again) and answered as the provider's (503).
 */
async function refund(deps: Deps, paymentIntentId: string) {
  try {
    await deps.paymentProvider.refund(paymentIntentId);
  } catch (err) {
    deps.logger.error({ err, paymentIntentId }, 'Refund not made yet: the next report asks again');
    throw err;
  }
}

/**
 * Records a payment the provider says succeeded (money taken), for the browser's report and
 * Stripe's webhook. If the campaign cannot take it any more (paused, archived or ended meanwhile,
 * or full because a Stripe reservation expired before the card was confirmed) the payment is
 * refunded, nothing is recorded and PaymentRefunded says why.
 */
export async function recordSucceeded(deps: Deps, intent: IntentRow): Promise<RecordedDonation> {
  const result = await recordOnce(deps, intent, new Date(), { openOnly: false });
  if ('refused' in result) {
    // Marked first, refunded after: the mark is final (no report records a payment carrying it),
    // so another report of the same payment (the browser's and the webhook's), coming after the
    // organiser made room, cannot record money that is on its way back. A mark that finds the
    // payment recorded meanwhile, or marked by such a report, leaves it to that outcome.
    if (!(await cancelOpenIntent(deps.database.db, intent.id, 'refunded'))) {
      const current = await findIntent(deps.database.db, intent.id);
      if (!current) throw noSuchPayment();
      return recordSucceeded(deps, current);
    }
    deps.logger.warn(
      { paymentIntentId: intent.id, reason: result.refused },
      'Campaign cannot take this payment: refunding',
    );
    await refund(deps, intent.id);
    throw refundedError(result.refused);
  }
  if ('refunded' in result) {
    // The refund may not have reached the provider when it was marked (a failure after the mark):
    // asking again is safe (one refund per payment) and makes sure of it.
    await refund(deps, intent.id);
    throw refundedError(null);
  }
  // without openOnly a closed or expired payment is recorded all the same (its money was taken)
  if ('notOpen' in result) throw new Error(`Payment ${intent.id} refused as closed`);
  if (result.created) {
    deps.mailer.wake();
    deps.logger.info(
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
