import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { CURRENCY, type PaymentProvider, type ProviderIntent } from './payments.provider';
import { cancelOpenIntent, findIntent } from './payments.repository';

/**
 * The built-in test provider (no real charge): its intents live in our own payment_intents
 * table, and POST /api/test-payments/{id}/confirm plays the card processor. Nothing leaves
 * the server.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly reservationMinutes = 10;
  readonly remote = false;

  constructor(private readonly db: Database) {}

  async createIntent() {
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    return { id, clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}` };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const row = await findIntent(this.db, id);
    if (!row || row.provider !== 'test') return null;
    return {
      id: row.id,
      status: row.status,
      amountCents: row.amountCents,
      currency: CURRENCY,
      campaignId: row.campaignId,
      donorId: row.donorId,
    };
  }

  async cancelIntent(id: string) {
    await cancelOpenIntent(this.db, id);
  }

  /** Nothing was charged for real; the intent is closed so it reserves nothing. */
  async refund(id: string) {
    await cancelOpenIntent(this.db, id, 'refunded');
  }
}
