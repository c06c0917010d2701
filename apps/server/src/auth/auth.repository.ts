import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { session, user } from '../db/schema/index';
import type { AuthUser } from '../lib/hono-env';

/** The user behind a token, only while the session it was issued for is still alive. */
export async function findUserWithLiveSession(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<AuthUser | null> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, image: user.image, role: user.role })
    .from(user)
    .innerJoin(session, eq(session.userId, user.id))
    .where(and(eq(user.id, userId), eq(session.id, sessionId), gt(session.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}
