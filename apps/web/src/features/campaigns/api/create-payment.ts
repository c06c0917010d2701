import { type Cents, fromCents } from '@pet-haven/shared/money';
import type { CreatePaymentAnswer, CreatePaymentBody } from '@pet-haven/shared/payments';
import { api } from '@/lib/api-client';

/** The body for a donation of `cents` to a campaign (the API takes decimal dollars). */
export const createPaymentBody = (campaignId: string, cents: Cents): CreatePaymentBody => ({
  donationAmount: fromCents(cents),
  donationCampaignId: campaignId,
});

/** POST /api/create-payment: a payment intent for the signed-in donor, reserving the amount. */
export function createPayment(body: CreatePaymentBody) {
  return api<CreatePaymentAnswer>('/create-payment', { method: 'POST', json: body });
}
