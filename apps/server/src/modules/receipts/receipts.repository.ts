import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { campaigns, donations, paymentIntents, user } from '../../db/schema/index';

export interface ReceiptRow {
  id: string;
  receiptNumber: number;
  createdAt: Date;
  amountCents: number;
  campaignId: string;
  petName: string;
  organiserName: string | null;
  donorId: string | null;
  donorName: string | null;
  donorEmail: string | null;
  paymentIntentId: string;
  provider: string;
  /** Why the intent closed: `refunded` when its money went back. */
  intentError: string | null;
}

const organiser = alias(user, 'organiser');
const donor = alias(user, 'donor');

/**
 * Everything a donation's receipt says, or null when there is no such donation (kept prepared:
 * the receipt page reads it).
 */
export async function findReceipt(db: DbOrTx, donationId: string): Promise<ReceiptRow | null> {
  const [row] = await preparedStatement(db, 'receipt_by_donation', (name) =>
    db
      .select({
        id: donations.id,
        receiptNumber: donations.receiptNumber,
        createdAt: donations.createdAt,
        amountCents: donations.amountCents,
        campaignId: donations.campaignId,
        petName: campaigns.petName,
        organiserName: organiser.name,
        donorId: donations.donorId,
        donorName: donor.name,
        donorEmail: donor.email,
        paymentIntentId: donations.paymentIntentId,
        provider: paymentIntents.provider,
        intentError: paymentIntents.lastError,
      })
      .from(donations)
      .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .innerJoin(paymentIntents, eq(paymentIntents.id, donations.paymentIntentId))
      .leftJoin(organiser, eq(organiser.id, campaigns.ownerId))
      .leftJoin(donor, eq(donor.id, donations.donorId))
      .where(eq(donations.id, sql.placeholder('donationId')))
      .limit(1)
      .prepare(name),
  ).execute({ donationId });
  return row ?? null;
}

/** What the receipt of a donation about to be recorded says besides its payment. */
export interface ReceiptStart {
  /** Taken now: a recording refused afterwards leaves its number unused. */
  receiptNumber: number;
  petName: string;
  organiserName: string | null;
  donorName: string | null;
  donorEmail: string | null;
}

/**
 * Takes the next receipt number and reads the campaign's and donor's names for the receipt of a
 * donation about to be recorded (decision 045), or null when there is no such campaign.
 */
export async function takeReceiptStart(
  db: DbOrTx,
  campaignId: string,
  donorId: string | null,
): Promise<ReceiptStart | null> {
  const [row] = await preparedStatement(db, 'receipt_start', (name) =>
    db
      .select({
        receiptNumber: sql`nextval(pg_get_serial_sequence('donations', 'receipt_number'))`.mapWith(
          Number,
        ),
        petName: campaigns.petName,
        organiserName: organiser.name,
        donorName: donor.name,
        donorEmail: donor.email,
      })
      .from(campaigns)
      .leftJoin(organiser, eq(organiser.id, campaigns.ownerId))
      .leftJoin(donor, eq(donor.id, sql.placeholder('donorId')))
      .where(eq(campaigns.id, sql.placeholder('campaignId')))
      .limit(1)
      .prepare(name),
  ).execute({ campaignId, donorId });
  return row ?? null;
}
