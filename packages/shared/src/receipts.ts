import { z } from 'zod';
import { idParamSchema } from './ids';
import { paymentProviders } from './payment-values';

/** The receipt's number as people read it: PH-000123. */
export const formatReceiptNumber = (n: number) => `PH-${String(n).padStart(6, '0')}`;

/** GET /api/user/donations/{id}/receipt: the receipt of one of the caller's donations. */
export const receiptSchema = z
  .object({
    _id: z.string().describe('Donation id'),
    number: z.string().describe('Receipt number, PH-000123'),
    date: z.string().describe('ISO time the donation was recorded'),
    amount: z.number().describe('Decimal, in `currency`'),
    currency: z.string().describe('ISO 4217 code, upper case'),
    campaignId: z.string(),
    petName: z.string().describe("The campaign's pet"),
    organiser: z.string().describe("The campaign organiser's name ('Deleted user' once deleted)"),
    donorName: z.string(),
    donorEmail: z.string(),
    paymentReference: z.string().describe("The payment provider's reference (payment intent id)"),
    provider: z.enum(paymentProviders),
    testMode: z.boolean().describe('Taken by the built-in test provider: no money moved'),
    refunded: z.boolean().describe('The payment was refunded'),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptParamSchema = idParamSchema;
