import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/**
 * The mail outbox (decision 031): every message the site sends is first a row here, written in
 * the transaction of the change that causes it, then delivered by the worker of whichever server
 * process claims it (modules/mail/mail-outbox.service.ts). The message is rendered when it is
 * written, so delivery needs nothing but this row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The template it was made from (`password-reset`, ...), for logs and tests. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** A notification's one-click unsubscribe URL (List-Unsubscribe); security mail has none. */
    unsubscribeUrl: text('unsubscribe_url'),
    /** Delivery attempts begun (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may next claim it: after a back-off, or once a claim's lease runs out. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    /** Set when delivery was given up (too many failures); `lastError` says why. */
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_recipient_idx').on(t.recipient, t.kind, t.createdAt),
  ],
);
