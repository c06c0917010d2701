import type { PublicConfig } from '@pet-haven/shared/users';
import type { Config } from '../../config';

/** GET /api/config: what the web app may know of the configuration (never a secret). */
export function presentPublicConfig(config: Config): PublicConfig {
  return {
    providers: { google: config.google !== null, github: config.github !== null },
    payments: config.stripe
      ? { provider: 'stripe', publishableKey: config.stripe.publishableKey }
      : { provider: 'test', publishableKey: null },
  };
}
