import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import type { PaymentProvider } from './payments.provider';
import {
  cancelOpenIntentsOfCampaign,
  hasMoneyHistory,
  lockCampaignReservations,
  reservedCents,
} from './payments.repository';
import { StripePaymentProvider } from './stripe-payments.provider';
import { TestPaymentProvider } from './test-payments.provider';

/**
 * What the rest of the server asks of payments: the provider, built once by buildDeps, and what
 * the campaigns module needs inside its own transactions (reservations held, then the campaign
 * row locked). Payments
 * themselves: payment-intents.service.ts (start), test-payments.service.ts (the test provider's
 * confirm), donation-recording.service.ts (record, refund), stripe-webhook.service.ts; their
 * money rules: payments.rules.ts.
 */

/** Stripe when its keys are configured, otherwise the built-in test provider. */
export function createPaymentProvider(deps: Pick<AppDeps, 'config' | 'database'>): PaymentProvider {
  return deps.config.stripe
    ? new StripePaymentProvider(deps.config.stripe)
    : new TestPaymentProvider(deps.database.db);
}

/**
 * Holds the campaign's reservations until the transaction ends: no payment starts on it meanwhile.
 * A campaign-side change that reads what is reserved or closes payments (a lowered maximum, pause,
 * archive) calls it first, before locking the campaign's row: that order, the one starting a
 * payment keeps too, cannot deadlock (decision 042).
 */
export function holdReservations(tx: Tx, campaignId: string): Promise<void> {
  return lockCampaignReservations(tx, campaignId);
}

/**
 * Cents that payments under way hold against a campaign's maximum (for the campaign side, e.g.
 * the floor of a lowered maximum). Call it holding the reservations (`holdReservations`).
 */
export function reservedCentsOf(tx: Tx, campaignId: string): Promise<number> {
  return reservedCents(tx, campaignId, new Date());
}

/** True when any donation or payment points at the campaign: it must be archived, not erased. */
export function campaignHasMoneyHistory(tx: Tx, campaignId: string): Promise<boolean> {
  return hasMoneyHistory(tx, campaignId);
}

/**
 * Closes the open intents of a campaign about to be paused or archived, in the caller's
 * transaction: they reserve nothing any more and the test provider refuses to confirm them. Call
 * it holding the reservations (`holdReservations`) and before locking the campaign's row: it waits
 * for a payment being confirmed right now, whose recording may be waiting for that row (decision
 * 042). A Stripe intent the donor still pays is refunded when it is reported.
 */
export async function releaseOpenIntents(
  tx: Tx,
  campaignId: string,
  reason: 'paused' | 'archived',
): Promise<void> {
  await cancelOpenIntentsOfCampaign(tx, campaignId, `campaign_${reason}`);
}
