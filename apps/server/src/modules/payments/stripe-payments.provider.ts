import Stripe from 'stripe';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import {
  CURRENCY,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
} from './payments.provider';

type StripeConfig = NonNullable<Config['stripe']>;

/** The provider could not be reached or answered unexpectedly: a 503 the donor can retry. */
function unavailable(err: unknown): AppError {
  const error = new AppError(
    'SERVICE_UNAVAILABLE',
    'The payment provider is not reachable. Please try again.',
  );
  error.cause = err;
  return error;
}

/** Stripe PaymentIntents through the official SDK; webhooks verified with the signing secret. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly reservationMinutes = 30;
  readonly remote = true;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'pet-haven' },
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createIntent(input: CreateIntentInput) {
    try {
      const pi = await this.stripe.paymentIntents.create({
        amount: input.amountCents,
        currency: CURRENCY,
        description: input.description,
        metadata: { campaignId: input.campaignId, donorId: input.donorId },
        automatic_payment_methods: { enabled: true },
      });
      if (!pi.client_secret)
        throw new Error('Stripe answered a payment intent without a client secret');
      return { id: pi.id, clientSecret: pi.client_secret };
    } catch (err) {
      throw unavailable(err);
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      const pi = await this.stripe.paymentIntents.retrieve(id);
      return toProviderIntent(pi);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
      throw unavailable(err);
    }
  }

  async cancelIntent(id: string) {
    try {
      await this.stripe.paymentIntents.cancel(id);
    } catch (err) {
      throw unavailable(err);
    }
  }

  /** Gives a payment's money back; asked again for the same payment, nothing more happens. */
  async refund(id: string) {
    try {
      await this.stripe.refunds.create(
        { payment_intent: id, reason: 'requested_by_customer' },
        { idempotencyKey: `refund-${id}` },
      );
    } catch (err) {
      // asked again after Stripe forgot the idempotency key (24 hours): the money went back then
      if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded')
        return;
      throw unavailable(err);
    }
  }

  /** The event of a webhook request, verified over its raw body; throws when forged or stale. */
  parseWebhook(rawBody: string, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
  }
}

export function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    campaignId: pi.metadata?.campaignId ?? null,
    donorId: pi.metadata?.donorId ?? null,
  };
}
