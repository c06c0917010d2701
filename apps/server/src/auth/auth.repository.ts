import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { session, user } from '../db/schema/index';
import type { AuthUser } from '../lib/hono-env';

/** The user behind a token, only while the session it was issued for is still alive. */
export async function findUserWithLiveSession(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<AuthUser | null> {
  // every signed-in request asks this: built once and prepared (decision 029)
  const rows = await preparedStatement(db, 'user_with_live_session', (name) =>
    db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        image: user.image,
        role: user.role,
        emailVerified: user.emailVerified,
      })
      .from(user)
      .innerJoin(session, eq(session.userId, user.id))
      .where(
        and(
          eq(user.id, sql.placeholder('userId')),
          eq(session.id, sql.placeholder('sessionId')),
          gt(session.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ userId, sessionId, now: new Date() });
  return rows[0] ?? null;
}

/** The e-mail stored for a user, or null when there is no such user. */
export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.email ?? null;
}
