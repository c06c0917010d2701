import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationOptOuts, user } from '../../db/schema/index';

export interface Recipient {
  email: string;
  name: string;
  /** Whether the user turned this topic off. */
  optedOut: boolean;
}

/** The user a notification is for, and whether they turned its topic off (null: no such user). */
export async function findRecipient(
  db: DbOrTx,
  userId: string,
  topic: string,
): Promise<Recipient | null> {
  const [row] = await db
    .select({
      email: user.email,
      name: user.name,
      optedOut: sql<boolean>`exists (select 1 from ${notificationOptOuts} where ${notificationOptOuts.userId} = ${user.id} and ${notificationOptOuts.topic} = ${topic})`,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

/** The topics this user turned off. */
export async function listOptOuts(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ topic: notificationOptOuts.topic })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
  return rows.map((r) => r.topic);
}

/** Turns a topic off (`off`) or on again for this user; doing it twice changes nothing. */
export async function setOptOut(db: DbOrTx, userId: string, topic: string, off: boolean) {
  if (off) {
    await db.insert(notificationOptOuts).values({ userId, topic }).onConflictDoNothing();
  } else {
    await db
      .delete(notificationOptOuts)
      .where(and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.topic, topic)));
  }
}

/** Whether a user with this id exists (an unsubscribe link of a deleted account does nothing). */
export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
  return rows.length > 0;
}
