import type { TestPaymentConfirmBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { AppError, invalidField } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import * as paymentsPolicy from './payments.policy';
import {
  cancelOpenIntent,
  findCampaignMoney,
  findIntent,
  lockIntent,
  setIntentError,
} from './payments.repository';
import {
  campaignFull,
  type ClosedReason,
  closedCodes,
  closedReason,
  closedWhat,
  noSuchPayment,
  recordOnce,
} from './payments.rules';
import { clientSecretMatches } from './payments.secrets';
import type { RecordedDonation } from './donation-recording.service';
import { type CardOutcome, checkTestCard } from './test-cards';

/**
 * POST /api/test-payments/{id}/confirm (test provider only): checks the card like a processor
 * and, when it is accepted, marks the intent succeeded and records the donation in one statement
 * (what Stripe's webhook does for real payments, decision 045), and answers the recording (a
 * repeated confirm answers the first one's: nothing charged twice). A decline is a 402 with the
 * decline code; a campaign that closed meanwhile, an expired or canceled payment are 409s (nothing
 * charged).
 */
export async function confirmTestPayment(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger' | 'mailer' | 'now'>,
  caller: AuthUser,
  intentId: string,
  body: TestPaymentConfirmBody,
): Promise<RecordedDonation> {
  const outcome = checkTestCard(body);
  // who may confirm it and its secret never change: read without a lock
  const intent = await findIntent(deps.database.db, intentId);
  if (!intent || intent.provider !== 'test') throw noSuchPayment();
  authorize(paymentsPolicy.canConfirm(caller, intent));
  if (!clientSecretMatches(intent.clientSecret, body.clientSecret)) {
    throw invalidField('json.clientSecret', 'The client secret does not match this payment.');
  }
  const now = new Date();
  const payable =
    intent.status === 'succeeded' ||
    (intent.status !== 'canceled' && intent.expiresAt.getTime() > now.getTime() && outcome.ok);
  if (payable) {
    const recorded = await recordOnce(deps, intent, now, { openOnly: true });
    // the test provider's refund closes the intent
    if ('refunded' in recorded) throw new AppError('PAYMENT_CANCELED');
    if ('refused' in recorded) return refuseClosed(deps, intentId, recorded.refused);
    if ('created' in recorded) {
      if (recorded.created) deps.mailer.wake();
      return { created: recorded.created, raisedCents: recorded.raisedCents };
    }
    // closed or expired since it was read: said below, as if it had been then
  }
  return refuseUnpaid(deps, intentId, outcome, now);
}

/**
 * A payment the campaign could not take when it was confirmed: nothing was charged. A closed
 * campaign closes the payment too (it reserves nothing any more); a full one leaves it open, as a
 * smaller amount could still be paid.
 */
async function refuseClosed(
  deps: Pick<AppDeps, 'database'>,
  intentId: string,
  reason: ClosedReason | 'full',
): Promise<never> {
  if (reason === 'full') {
    throw campaignFull(
      'This campaign has reached its maximum donation amount. Nothing was charged.',
    );
  }
  await cancelOpenIntent(deps.database.db, intentId, `campaign_${reason}`);
  throw closedError(reason);
}

const closedError = (reason: ClosedReason) =>
  new AppError(
    closedCodes[reason],
    `This campaign ${closedWhat[reason]} and does not accept donations any more. Nothing was charged.`,
  );

/**
 * Why a payment that cannot be charged was not (canceled, expired, or its card declined), under
 * the payment's lock: a campaign closed since the payment started says so first (and closes it);
 * a declined card's code is kept on the payment. A payment recorded meanwhile answers its
 * recording.
 */
async function refuseUnpaid(
  deps: Pick<AppDeps, 'database'>,
  intentId: string,
  outcome: CardOutcome,
  now: Date,
): Promise<RecordedDonation> {
  const answer = await deps.database.db.transaction(
    async (tx): Promise<RecordedDonation | AppError> => {
      const intent = await lockIntent(tx, intentId);
      if (!intent) throw noSuchPayment();
      const campaign = await findCampaignMoney(tx, intent.campaignId);
      if (intent.status === 'succeeded')
        return { created: false, raisedCents: campaign?.raisedCents ?? 0 };
      const closed = campaign ? closedReason(campaign, now) : 'archived';
      if (closed) {
        await cancelOpenIntent(tx, intent.id, `campaign_${closed}`);
        return closedError(closed);
      }
      if (intent.status === 'canceled') return new AppError('PAYMENT_CANCELED');
      if (intent.expiresAt.getTime() <= now.getTime()) return new AppError('PAYMENT_EXPIRED');
      if (!outcome.ok) {
        await setIntentError(tx, intent.id, outcome.code);
        return new AppError(outcome.code, outcome.message);
      }
      // open, unexpired and the card accepted: it was not payable when read, so it cannot be now
      throw new Error(`Payment ${intent.id} payable after it was refused`);
    },
  );
  if (answer instanceof AppError) throw answer;
  return answer;
}
