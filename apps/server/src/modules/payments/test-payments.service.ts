import type { TestPaymentConfirmBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { AppError, invalidField } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import * as paymentsPolicy from './payments.policy';
import {
  cancelOpenIntent,
  findCampaignMoney,
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
  RecordingRefused,
  recordOnce,
} from './payments.rules';
import { clientSecretMatches } from './payments.secrets';
import type { RecordedDonation } from './donation-recording.service';
import { type CardOutcome, checkTestCard } from './test-cards';

/**
 * POST /api/test-payments/{id}/confirm (test provider only): checks the card like a processor
 * and, when it is accepted, marks the intent succeeded and records the donation in the same
 * transaction (what Stripe's webhook does for real payments), and answers the recording (a
 * repeated confirm answers the first one's: nothing charged twice). A decline is a 402 with the
 * decline code; a campaign that closed meanwhile, an expired or canceled payment are 409s (nothing
 * charged).
 */
export async function confirmTestPayment(
  deps: Pick<AppDeps, 'config' | 'database' | 'mailer'>,
  caller: AuthUser,
  intentId: string,
  body: TestPaymentConfirmBody,
): Promise<RecordedDonation> {
  const outcome = checkTestCard(body);
  const db = deps.database.db;
  type Outcome =
    | ({ ok: true } & RecordedDonation)
    | { ok: false; closed: ClosedReason }
    | Exclude<CardOutcome, { ok: true }>;
  let result: Outcome;
  try {
    result = await db.transaction(async (tx): Promise<Outcome> => {
      const now = new Date();
      // who may confirm it is checked on the locked row: one statement less than reading it first
      const intent = await lockIntent(tx, intentId);
      if (!intent || intent.provider !== 'test') throw noSuchPayment();
      authorize(paymentsPolicy.canConfirm(caller, intent));
      if (!clientSecretMatches(intent.clientSecret, body.clientSecret)) {
        throw invalidField('json.clientSecret', 'The client secret does not match this payment.');
      }
      const expired = intent.expiresAt.getTime() <= now.getTime();
      if (
        intent.status !== 'succeeded' &&
        (intent.status === 'canceled' || expired || !outcome.ok)
      ) {
        // refused before recording; a campaign closed since the payment started says so first
        const campaign = await findCampaignMoney(tx, intent.campaignId);
        const closed = campaign ? closedReason(campaign, now) : 'archived';
        if (closed) {
          await cancelOpenIntent(tx, intent.id, `campaign_${closed}`);
          return { ok: false, closed };
        }
        if (intent.status === 'canceled') throw new AppError('PAYMENT_CANCELED');
        if (expired) throw new AppError('PAYMENT_EXPIRED');
        if (!outcome.ok) {
          await setIntentError(tx, intent.id, outcome.code);
          return outcome;
        }
      }
      const recorded = await recordOnce(deps, tx, intent.id, now, intent);
      // the test provider's refund closes the intent (canceled, handled above)
      if ('refunded' in recorded) throw new AppError('PAYMENT_CANCELED');
      return { ok: true, ...recorded };
    });
  } catch (err) {
    if (!(err instanceof RecordingRefused)) throw err;
    // rolled back: nothing charged. A closed campaign closes the payment too (it reserves nothing
    // any more); a full one leaves it open, as a smaller amount could still be paid
    if (err.reason === 'full') {
      throw campaignFull(
        'This campaign has reached its maximum donation amount. Nothing was charged.',
      );
    }
    await cancelOpenIntent(db, intentId, `campaign_${err.reason}`);
    result = { ok: false, closed: err.reason };
  }
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
