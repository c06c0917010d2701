import { sql, type Column } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { userRef } from './auth.schema';
import { createdAt, timestamptz, updatedAt } from './columns';
import { imageRef } from './images.schema';

/** Money is integer minor units (cents) everywhere in the database. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The organiser; null once their account is deleted, which archives every campaign of theirs
     * that holds money first (a campaign without any is deleted with the account's data).
     */
    ownerId: userRef('owner_id', 'set null'),
    pictureId: imageRef('picture_id').notNull(),
    petName: varchar('pet_name', { length: 100 }).notNull(),
    maxDonationCents: integer('max_donation_cents').notNull(),
    raisedCents: integer('raised_cents').notNull().default(0),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    shortDescription: varchar('short_description', { length: 300 }).notNull(),
    longDescription: text('long_description').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** True while an admin's pause holds: only an admin can resume the campaign. */
    pausedByAdmin: boolean('paused_by_admin').notNull().default(false),
    archivedAt: timestamptz('archived_at'),
    /** When the organiser was told the campaign ended (its last date passed): once, by one process. */
    endNotifiedAt: timestamptz('end_notified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('campaigns_max_positive', sql`${t.maxDonationCents} > 0`),
    check(
      'campaigns_raised_in_range',
      sql`${t.raisedCents} >= 0 AND ${t.raisedCents} <= ${t.maxDonationCents}`,
    ),
    index('campaigns_public_list_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.paused} = false AND ${t.archivedAt} IS NULL`),
    index('campaigns_all_idx').on(t.createdAt.desc(), t.id.desc()),
    index('campaigns_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('campaigns_picture_idx').on(t.pictureId),
    // the campaigns whose end the organiser has not been told of yet (campaign-end job)
    index('campaigns_end_unnotified_idx')
      .on(t.lastDate)
      .where(sql`${t.endNotifiedAt} is null and ${t.archivedAt} is null`),
  ],
);

/**
 * A payment under way (not yet taken, nor closed), with the statuses written into the statement:
 * the condition of the partial indexes of payments under way (decision 052), which a query states
 * in these words so that PostgreSQL can use them in any plan.
 */
export const paymentUnderWay = (status: Column) =>
  sql`${status} in ('requires_payment_method', 'processing')`;

/**
 * A payment intent created for a donation, whatever the provider. While it is open it
 * reserves its amount against the campaign's maximum until `expiresAt`.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    donorId: userRef('donor_id', 'set null'),
    amountCents: integer('amount_cents').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', {
      enum: ['requires_payment_method', 'processing', 'succeeded', 'canceled'],
    })
      .notNull()
      .default('requires_payment_method'),
    lastError: text('last_error'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_intents_amount_positive', sql`${t.amountCents} > 0`),
    index('payment_intents_campaign_open_idx').on(t.campaignId, t.status, t.expiresAt),
    // the donor's deletion (`set null`) reads only their payments
    index('payment_intents_donor_idx').on(t.donorId, t.status),
    // payments under way only (decision 052): the room others hold on a campaign and a donor's
    // payments under way elsewhere, counted at every payment's start, read from these
    index('payment_intents_campaign_unpaid_idx')
      .on(t.campaignId, t.expiresAt)
      .where(paymentUnderWay(t.status)),
    index('payment_intents_donor_unpaid_idx')
      .on(t.donorId, t.expiresAt)
      .where(paymentUnderWay(t.status)),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    donorId: userRef('donor_id', 'set null'),
    amountCents: integer('amount_cents').notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    /**
     * The receipt's number (PH-000123), taken just before the donation is recorded (decision 045):
     * numbers grow with time, and one taken by a recording then refused is left unused.
     */
    receiptNumber: bigint('receipt_number', { mode: 'number' })
      .notNull()
      .generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [
    check('donations_amount_positive', sql`${t.amountCents} > 0`),
    index('donations_campaign_idx').on(t.campaignId, t.createdAt.desc()),
    index('donations_donor_idx').on(t.donorId, t.createdAt.desc()),
    uniqueIndex('donations_receipt_number_idx').on(t.receiptNumber),
  ],
);

/**
 * Campaigns a donation just brought to their maximum, whose organiser is still to be told
 * (decision 045): written by the recording's statement (`record_donation`), taken and told by
 * `notifyGoalsReached` right after, or by the campaign job when a process stopped in between.
 */
export const campaignGoalNotices = pgTable('campaign_goal_notices', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  /** The maximum the campaign reached. */
  maximumCents: integer('maximum_cents').notNull(),
  createdAt: createdAt(),
});
