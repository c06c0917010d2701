import type { TestPaymentConfirmAnswer, TestPaymentConfirmBody } from '@pet-haven/shared/payments';
import { api } from '@/lib/api-client';

/**
 * POST /api/test-payments/{paymentIntentId}/confirm (test mode only): charges a test card.
 * A decline is an ApiError with status 402, a decline `code` and a `message` for the donor.
 */
export function confirmTestPayment(paymentIntentId: string, body: TestPaymentConfirmBody) {
  return api<TestPaymentConfirmAnswer>(
    `/test-payments/${encodeURIComponent(paymentIntentId)}/confirm`,
    { method: 'POST', json: body },
  );
}
