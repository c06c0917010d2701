import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...message, nextAttemptAt: now, createdAt: now })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

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
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        sql`${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMessageSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
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
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        sql`${mailOutbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
