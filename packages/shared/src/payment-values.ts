/** The payment providers a donation can go through (the built-in test provider, or Stripe). */
export const paymentProviders = ['stripe', 'test'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
