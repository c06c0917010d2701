import type { CreatePaymentAnswer, RecordDonationAnswer } from '@pet-haven/shared/payments';

/**
 * How confirming a card ended: succeeded, declined (with the reason) or failed otherwise. A
 * provider that records the donation as it charges (the test provider) answers the recording in
 * `recorded`; otherwise the browser reports the payment (POST /api/donations/record).
 */
export type CardConfirmResult =
  | { kind: 'succeeded'; recorded?: RecordDonationAnswer }
  | { kind: 'declined'; reason: string }
  | { kind: 'failed'; reason?: string; restart?: boolean };

/**
 * What the donate modal needs from a card form, whatever the payment provider:
 * `validate` checks the fields before a payment is started (showing its own messages),
 * `confirm` charges the card for an intent answered by POST /api/create-payment.
 */
export interface CardFormHandle {
  validate: () => boolean;
  confirm: (intent: CreatePaymentAnswer) => Promise<CardConfirmResult>;
}
