import type { Receipt } from '@pet-haven/shared/receipts';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { receiptMail } from '../mail/mail.templates';
import * as receiptsPolicy from './receipts.policy';
import { presentReceipt } from './receipts.presenter';
import { findReceipt } from './receipts.repository';

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
 * Writes the receipt mail of a donation just recorded, in the recording's transaction (so a
 * donation always has its receipt, and a rolled-back one none). Receipts always go: they are
 * records of money, not notifications. A donation whose donor is gone gets none.
 */
export async function writeReceiptMail(
  deps: Pick<AppDeps, 'mailer'>,
  tx: DbOrTx,
  donationId: string,
): Promise<void> {
  const row = await findReceipt(tx, donationId);
  if (!row?.donorEmail) return;
  const receipt = presentReceipt(row);
  await deps.mailer.enqueue(tx, row.donorEmail, receiptMail({ receipt, site: deps.mailer.site }));
}
