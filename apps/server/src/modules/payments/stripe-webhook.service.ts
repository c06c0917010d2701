import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../lib/errors';
import { PaymentRefunded, recordSucceeded } from './donation-recording.service';
import { CURRENCY } from './payments.provider';
import { cancelOpenIntent, findIntent, setIntentError } from './payments.repository';
import { StripePaymentProvider, toProviderIntent } from './stripe-payments.provider';

/**
 * POST /api/stripe/webhook: Stripe's word on a payment, verified over the raw body, reconciled
 * with our intents. payment_intent.succeeded records the donation (once, like the browser's
 * report; refunded when the campaign cannot take it any more); canceled releases the
 * reservation; payment_failed keeps the decline code. Events for intents we did not create, that
 * do not match ours, or of other types are acknowledged and ignored.
 */
export async function handleStripeWebhook(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger' | 'paymentProvider' | 'mailer' | 'now'>,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  const provider = deps.paymentProvider;
  if (!(provider instanceof StripePaymentProvider)) throw notFound();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('missing signature');
    event = provider.parseWebhook(rawBody, signature);
  } catch (_err) {
    throw new AppError('BAD_SIGNATURE');
  }
  const log = deps.logger.child({ eventId: event.id, eventType: event.type });

  if (
    event.type !== 'payment_intent.succeeded' &&
    event.type !== 'payment_intent.canceled' &&
    event.type !== 'payment_intent.payment_failed'
  ) {
    return;
  }
  const remote = toProviderIntent(event.data.object);
  const db = deps.database.db;
  const intent = await findIntent(db, remote.id);
  if (!intent || intent.provider !== 'stripe') {
    log.warn({ paymentIntentId: remote.id }, 'Webhook for an intent we did not create: ignored');
    return;
  }
  if (event.type === 'payment_intent.canceled') {
    await cancelOpenIntent(db, intent.id, 'canceled');
    return;
  }
  if (event.type === 'payment_intent.payment_failed') {
    const code = event.data.object.last_payment_error?.code ?? 'payment_failed';
    await setIntentError(db, intent.id, code);
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
    await recordSucceeded(deps, intent);
  } catch (err) {
    // Refunded (campaign full, paused, archived or ended): nothing for Stripe to retry.
    if (err instanceof PaymentRefunded) return;
    throw err;
  }
}
