import { fromCents } from '@pet-haven/shared/money';
import type {
  CreatePaymentAnswer,
  RecordDonationAnswer,
  TestPaymentConfirmAnswer,
} from '@pet-haven/shared/payments';
import type { RecordedDonation } from './donation-recording.service';
import type { StartedPayment } from './payment-intents.service';

/** POST /api/create-payment: what the browser confirms the payment with. */
export const presentStartedPayment = (payment: StartedPayment): CreatePaymentAnswer => ({
  clientSecret: payment.clientSecret,
  paymentIntentId: payment.id,
});

/** POST /api/donations/record: whether this call recorded it, and the campaign's raised amount. */
export const presentRecordedDonation = (recorded: RecordedDonation): RecordDonationAnswer => ({
  created: recorded.created,
  donatedAmount: fromCents(recorded.raisedCents),
});

/** POST /api/test-payments/{id}/confirm: paid and recorded (now, or by an earlier confirm). */
export const presentConfirmedTestPayment = (
  recorded: RecordedDonation,
): TestPaymentConfirmAnswer => ({
  status: 'succeeded',
  ...presentRecordedDonation(recorded),
});
