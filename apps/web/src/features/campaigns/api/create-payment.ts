import type { CreatePaymentAnswer, CreatePaymentBody } from '@pet-haven/shared/payments';
import { api } from '@/lib/api-client';

/** POST /api/create-payment: a payment intent for the signed-in donor, reserving the amount. */
export function createPayment(body: CreatePaymentBody) {
  return api<CreatePaymentAnswer>('/create-payment', { method: 'POST', json: body });
}
