import { count } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { pets, user } from '../db/schema/index';

/** True when the database has neither users nor pets (a brand-new installation). */
export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const [users] = await db.select({ n: count() }).from(user);
  const [petCount] = await db.select({ n: count() }).from(pets);
  return (users?.n ?? 0) === 0 && (petCount?.n ?? 0) === 0;
}
