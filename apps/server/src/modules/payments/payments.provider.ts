import type { PaymentProvider as ProviderName } from '@pet-haven/shared/payment-values';

/** Every amount is charged in this currency (the product shows dollars). */
export const CURRENCY = 'usd';

/** A payment intent as the provider knows it: the truth about whether money moved. */
export interface ProviderIntent {
  id: string;
  /** Stripe's statuses: requires_payment_method, processing, succeeded, canceled... */
  status: string;
  amountCents: number;
  currency: string;
  /** From the intent's metadata, set when it was created. */
  campaignId: string | null;
  donorId: string | null;
}

export interface CreateIntentInput {
  amountCents: number;
  campaignId: string;
  donorId: string;
  description: string;
}

/**
 * What the payments service needs from a card payment provider. Two implementations, chosen
 * at start-up: Stripe when its keys are configured, otherwise the built-in test provider.
 * Our own `payment_intents` table (reservations) is kept by the service for both.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * How long an open intent reserves its amount against the campaign's maximum: short for the
   * test provider (the card form is on our page), longer for Stripe (3-D Secure, redirects).
   */
  readonly reservationMinutes: number;
  /**
   * Whether creating an intent is a call over the network (Stripe): create-payment then checks the
   * money rules once before it, to refuse early without calling; the test provider's is local.
   */
  readonly remote: boolean;
  /** Creates an intent the browser confirms with the answered client secret. */
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  /** Asks the provider about an intent; null when it does not know it. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an intent that will not be used (best effort: callers log failures). */
  cancelIntent(id: string): Promise<void>;
  /** Gives the money of a succeeded intent back (idempotent per intent). */
  refund(id: string): Promise<void>;
}
