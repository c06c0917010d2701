import { and, eq, gte, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { mailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface NewOutboxMessage {
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  unsubscribeUrl: string | null;
}

/** Writes a message to the outbox, due at once (in the caller's transaction when given one). */
export async function insertOutboxMessage(
  db: DbOrTx,
  message: NewOutboxMessage,
  now: Date,
): Promise<string> {
  const [row] = await preparedStatement(db, 'mail_outbox_insert', (name) =>
    db
      .insert(mailOutbox)
      .values({
        kind: sql.placeholder('kind'),
        recipient: sql.placeholder('recipient'),
        subject: sql.placeholder('subject'),
        textBody: sql.placeholder('textBody'),
        htmlBody: sql.placeholder('htmlBody'),
        unsubscribeUrl: sql.placeholder('unsubscribeUrl'),
        nextAttemptAt: sql.placeholder('now'),
        createdAt: sql.placeholder('now'),
      })
      .returning({ id: mailOutbox.id })
      .prepare(name),
  ).execute({ ...message, now });
  return row!.id;
}

/** Messages neither sent nor given up, due to be tried by `at` (a placeholder of an ISO time). */
const dueBy = (at: Placeholder) =>
  and(
    isNull(mailOutbox.sentAt),
    isNull(mailOutbox.failedAt),
    sql`${mailOutbox.nextAttemptAt} <= ${at}::timestamptz`,
  );

/**
 * Claims up to `limit` due messages for this worker: each gets one more attempt and is not due
 * again until `leaseUntil`, so no other worker (in this process or another) takes it meanwhile;
 * a worker that dies holding it gives it back when the lease runs out. `skip locked` lets two
 * workers claim at once without waiting for, or taking, each other's rows.
 */
export async function claimDueMessages(
  db: DbOrTx,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  return preparedStatement(db, 'mail_outbox_claim_due', (name) => {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(dueBy(sql.placeholder('now')))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(sql.placeholder('limit'))
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`${sql.placeholder('leaseUntil')}::timestamptz`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning()
      .prepare(name);
  }).execute({ now: now.toISOString(), leaseUntil: leaseUntil.toISOString(), limit });
}

/**
 * Delivered messages marked sent, in one statement for a batch (decision 053): a worker that dies
 * before marking them leaves them to be sent again when their lease runs out (at least once,
 * never lost).
 */
export async function markMessagesSent(db: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await preparedStatement(db, 'mail_outbox_mark_sent', (name) =>
    db
      .update(mailOutbox)
      .set({ sentAt: sql`${sql.placeholder('now')}::timestamptz`, lastError: null })
      .where(sql`${mailOutbox.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  ).execute({ ids, now: now.toISOString() });
}

/** A failed attempt: tried again from `retryAt`, or given up for good when `retryAt` is null. */
export async function markMessageFailed(
  db: DbOrTx,
  id: string,
  error: string,
  now: Date,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, failedAt: now },
    )
    .where(eq(mailOutbox.id, id));
}

/** Messages of one kind written for one address since `since` (sent or not). */
export async function countMessagesTo(
  db: DbOrTx,
  recipient: string,
  kind: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, recipient),
        eq(mailOutbox.kind, kind),
        gte(mailOutbox.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** How many messages wait to be sent, and how many were given up. */
export async function countOutbox(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.failedAt} is not null))::int`,
    })
    .from(mailOutbox);
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}

/**
 * Whether any message is due: a read, so that an idle worker's look does not count as a write
 * (the embedded database keeps list reads until its next write, decision 030).
 */
export async function anyDueMessage(db: DbOrTx, now: Date): Promise<boolean> {
  const rows = await preparedStatement(db, 'mail_outbox_any_due', (name) =>
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(dueBy(sql.placeholder('now')))
      .limit(1)
      .prepare(name),
  ).execute({ now: now.toISOString() });
  return rows.length > 0;
}
