import { fromCents } from '@pet-haven/shared/money';
import { formatReceiptNumber, type Receipt } from '@pet-haven/shared/receipts';
import { DELETED_USER_NAME } from '@pet-haven/shared/users';
import { CURRENCY } from '../payments/payments.provider';
import type { ReceiptRow } from './receipts.repository';

/** A donation's receipt as the API answers it (and the receipt mail says it). */
export const presentReceipt = (row: ReceiptRow): Receipt => ({
  _id: row.id,
  number: formatReceiptNumber(row.receiptNumber),
  date: row.createdAt.toISOString(),
  amount: fromCents(row.amountCents),
  currency: CURRENCY.toUpperCase(),
  campaignId: row.campaignId,
  petName: row.petName,
  organiser: row.organiserName ?? DELETED_USER_NAME,
  donorName: row.donorName ?? DELETED_USER_NAME,
  donorEmail: row.donorEmail ?? '',
  paymentReference: row.paymentIntentId,
  provider: row.provider === 'stripe' ? 'stripe' : 'test',
  testMode: row.provider === 'test',
  refunded: row.intentError === 'refunded',
});
