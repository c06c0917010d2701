import type { Receipt } from '@pet-haven/shared/receipts';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { receiptMail } from '../mail/mail.templates';
import * as receiptsPolicy from './receipts.policy';
import { presentReceipt } from './receipts.presenter';
import type { NewOutboxMessage } from '../mail/mail.repository';
import { findReceipt, takeReceiptStart } from './receipts.repository';

const receiptNotFound = () => notFound('Receipt not found.');

/** GET /api/user/donations/{id}/receipt: the donor's receipt; 404 for anyone else. */
export async function getReceipt(
  deps: AppDeps,
  actor: AuthUser,
  donationId: string,
): Promise<Receipt> {
  const row = await findReceipt(deps.database.db, donationId);
  if (!row || !receiptsPolicy.canView(actor, row).allowed) throw receiptNotFound();
  return presentReceipt(row);
}

/**
 * The receipt of a payment about to be recorded as donation `donationId` at `at` (decision 045):
 * the receipt number it takes and its mail as an outbox row, rendered now for the statement that
 * records the donation to write with it (so a donation always has its receipt, and a refused one
 * none). Receipts always go: they are records of money, not notifications. A donor who is gone
 * gets none (`mail` null). Null when there is no such campaign.
 */
export async function prepareReceipt(
  deps: Pick<AppDeps, 'mailer'>,
  db: DbOrTx,
  payment: {
    id: string;
    provider: string;
    campaignId: string;
    donorId: string | null;
    amountCents: number;
  },
  donationId: string,
  at: Date,
): Promise<{ receiptNumber: number; mail: NewOutboxMessage | null } | null> {
  const start = await takeReceiptStart(db, payment.campaignId, payment.donorId);
  if (!start) return null;
  const { receiptNumber, donorEmail } = start;
  if (!donorEmail) return { receiptNumber, mail: null };
  const receipt = presentReceipt({
    ...start,
    id: donationId,
    createdAt: at,
    amountCents: payment.amountCents,
    campaignId: payment.campaignId,
    donorId: payment.donorId,
    paymentIntentId: payment.id,
    provider: payment.provider,
    intentError: null,
  });
  return {
    receiptNumber,
    mail: deps.mailer.compose(donorEmail, receiptMail({ receipt, site: deps.mailer.site })),
  };
}
