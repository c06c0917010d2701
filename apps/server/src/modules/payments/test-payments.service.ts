import type { TestPaymentConfirmBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { AppError, invalidField } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import * as paymentsPolicy from './payments.policy';
import {
  cancelOpenIntent,
  findIntent,
  lockCampaignMoney,
  lockIntent,
  setIntentError,
} from './payments.repository';
import {
  campaignFull,
  closedCodes,
  closedReason,
  closedWhat,
  noSuchPayment,
  recordOnce,
} from './payments.rules';
import { clientSecretMatches } from './payments.secrets';
import type { RecordedDonation } from './donation-recording.service';
import { checkTestCard } from './test-cards';

/**
 * POST /api/test-payments/{id}/confirm (test provider only): checks the card like a processor
 * and, when it is accepted, marks the intent succeeded and records the donation in the same
 * transaction (what Stripe's webhook does for real payments), and answers the recording (a
 * repeated confirm answers the first one's: nothing charged twice). A decline is a 402 with the decline
 * code; a campaign that closed meanwhile, an expired or canceled payment are 409s (nothing charged).
 */
export async function confirmTestPayment(
  deps: Pick<AppDeps, 'config' | 'database' | 'mailer'>,
  caller: AuthUser,
  intentId: string,
  body: TestPaymentConfirmBody,
): Promise<RecordedDonation> {
  const outcome = checkTestCard(body);
  const db = deps.database.db;
  const found = await findIntent(db, intentId);
  if (!found || found.provider !== 'test') throw noSuchPayment();
  authorize(paymentsPolicy.canConfirm(caller, found));
  if (!clientSecretMatches(found.clientSecret, body.clientSecret)) {
    throw invalidField('json.clientSecret', 'The client secret does not match this payment.');
  }
  const result = await db.transaction(async (tx) => {
    const now = new Date();
    // campaign first, then the intent: the order every writer uses
    const campaign = await lockCampaignMoney(tx, found.campaignId);
    const intent = await lockIntent(tx, intentId);
    if (!campaign || !intent) throw noSuchPayment();
    if (intent.status === 'succeeded') {
      return { ok: true as const, created: false, raisedCents: campaign.raisedCents };
    }
    const closed = closedReason(campaign, now);
    if (closed) {
      // the campaign closed after the payment started: no charge, and the intent is closed too
      await cancelOpenIntent(tx, intent.id, `campaign_${closed}`);
      return { ok: false as const, closed };
    }
    if (intent.status === 'canceled') throw new AppError('PAYMENT_CANCELED');
    if (intent.expiresAt.getTime() <= now.getTime()) throw new AppError('PAYMENT_EXPIRED');
    if (!outcome.ok) {
      await setIntentError(tx, intent.id, outcome.code);
      return outcome;
    }
    const recorded = await recordOnce(deps, tx, intent, now, { campaign, intent });
    if ('refunded' in recorded || 'refused' in recorded) {
      throw campaignFull(
        'This campaign has reached its maximum donation amount. Nothing was charged.',
      );
    }
    return { ok: true as const, ...recorded };
  });
  if (result.ok) {
    if (result.created) deps.mailer.wake();
    return { created: result.created, raisedCents: result.raisedCents };
  }
  if ('closed' in result) {
    throw new AppError(
      closedCodes[result.closed],
      `This campaign ${closedWhat[result.closed]} and does not accept donations any more. Nothing was charged.`,
    );
  }
  throw new AppError(result.code, result.message);
}
