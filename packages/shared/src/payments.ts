import { z } from 'zod';
import { declineCodes } from './errors';
import { uuidSchema } from './ids';
import { hasAtMostTwoDecimals, MAX_AMOUNT } from './money';
import { text } from './text';

/** The smallest donation accepted, in dollars. */
export const MIN_DONATION = 1;

export const donationAmountSchema = z
  .number({ error: 'Donation amount must be a number' })
  .positive('Donation amount must be more than 0')
  .min(MIN_DONATION, `Donation amount must be at least ${MIN_DONATION}`)
  .max(MAX_AMOUNT, `Donation amount must be at most ${MAX_AMOUNT}`)
  .refine(hasAtMostTwoDecimals, 'Donation amount can have at most 2 decimals');

/** POST /api/create-payment. The donor is the signed-in user; a `userEmail` is ignored. */
export const createPaymentBodySchema = z
  .object({
    donationAmount: donationAmountSchema.describe(
      'Decimal dollars, at least 1, at most 2 decimals',
    ),
    donationCampaignId: uuidSchema.describe('The campaign id'),
    userEmail: text().optional().describe('Ignored: the donor is the signed-in user'),
  })
  .strip();
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>;

export const createPaymentAnswerSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type CreatePaymentAnswer = z.infer<typeof createPaymentAnswerSchema>;

/** POST /api/test-payments/{paymentIntentId}/confirm (test mode only). */
export const testPaymentConfirmBodySchema = z.object({
  clientSecret: text().min(1, 'clientSecret is required').max(200),
  cardNumber: text({ error: 'Card number is required' })
    .trim()
    .min(1, 'Card number is required')
    .max(30, 'Card number is too long')
    .describe('Digits, spaces or dashes allowed'),
  expMonth: z.coerce
    .number({ error: 'Expiry month must be a number' })
    .int('Expiry month must be a whole number'),
  expYear: z.coerce
    .number({ error: 'Expiry year must be a number' })
    .int('Expiry year must be a whole number')
    .describe('Four digits, or two (20YY)'),
  cvc: text({ error: 'CVC is required' })
    .trim()
    .min(1, 'CVC is required')
    .max(10, 'CVC is too long'),
});
export type TestPaymentConfirmBody = z.infer<typeof testPaymentConfirmBodySchema>;

export const testPaymentIntentParamSchema = z.object({
  paymentIntentId: text().min(1).max(100),
});

/** A 402 of the test provider's confirm: a decline code of the error catalogue and a sentence for the donor. */
export const paymentDeclinedSchema = z.object({
  code: z.enum(declineCodes).describe('A decline code such as card_declined or insufficient_funds'),
  message: z.string(),
});
export type PaymentDeclined = z.infer<typeof paymentDeclinedSchema>;

/**
 * POST /api/donations/record. `donationId` is the campaign id (the spec's name). The server
 * asks the payment provider whether the intent succeeded for that campaign and amount.
 */
export const recordDonationBodySchema = z
  .object({
    donationId: uuidSchema.describe('The campaign id'),
    amount: z
      .number({ error: 'Amount must be a number' })
      .positive('Amount must be more than 0')
      .max(MAX_AMOUNT)
      .refine(hasAtMostTwoDecimals, 'Amount can have at most 2 decimals')
      .describe('Decimal dollars, as paid'),
    paymentIntentId: text({ error: 'paymentIntentId is required' })
      .trim()
      .min(1, 'paymentIntentId is required')
      .max(100),
  })
  .strip();
export type RecordDonationBody = z.infer<typeof recordDonationBodySchema>;

export const recordDonationAnswerSchema = z.object({
  created: z.boolean().describe('false when this payment was already recorded (a retry)'),
  donatedAmount: z.number().describe("The campaign's raised amount after recording"),
});
export type RecordDonationAnswer = z.infer<typeof recordDonationAnswerSchema>;

/**
 * The test provider's confirm records the donation as it charges the card (as Stripe's webhook
 * does): it answers the recording, so the browser has nothing left to report.
 */
export const testPaymentConfirmAnswerSchema = recordDonationAnswerSchema.extend({
  status: z.literal('succeeded'),
});
export type TestPaymentConfirmAnswer = z.infer<typeof testPaymentConfirmAnswerSchema>;
