import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countRows, pageFrom } from '../../db/paging';
import type { Page, PageWindow } from '../../lib/paging';
import { user } from '../../db/schema/index';

const userColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  image: user.image,
  role: user.role,
  createdAt: user.createdAt,
};
export type UserRow = { [K in keyof typeof userColumns]: (typeof user.$inferSelect)[K] };

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const rows = await db.select(userColumns).from(user).where(eq(user.id, id)).limit(1);
  return rows[0] ?? null;
}

/** E-mails are stored lower-case by Better Auth; the lookup ignores case. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const rows = await db
    .select(userColumns)
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

/** A page of users, oldest account first, and the total number of users. */
export const listUsers = (db: DbOrTx, window: PageWindow): Promise<Page<UserRow>> =>
  pageFrom(
    window,
    ({ limit, offset }) =>
      db
        .select(userColumns)
        .from(user)
        .orderBy(asc(user.createdAt), asc(user.id))
        .limit(limit)
        .offset(offset),
    countRows(db, user),
  );

/**
 * Marks the profile as saved the first time only. Answers true when this call was the first
 * (atomic: two concurrent first saves cannot both win).
 */
export async function markProfileSaved(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ profileSavedAt: sql`now()` })
    .where(and(eq(user.id, id), isNull(user.profileSavedAt)))
    .returning({ id: user.id });
  return rows.length > 0;
}

export async function updateProfile(
  db: DbOrTx,
  id: string,
  profile: { name?: string; image?: string },
): Promise<void> {
  if (profile.name === undefined && profile.image === undefined) return;
  await db
    .update(user)
    .set({ ...profile, updatedAt: sql`now()` })
    .where(eq(user.id, id));
}

/**
 * Sets role admin on the user with this id if not one yet and `also` holds; answers the user when
 * it changed something.
 */
async function promote(db: DbOrTx, id: string, also?: SQL): Promise<UserRow | null> {
  const rows = await db
    .update(user)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(and(eq(user.id, id), ne(user.role, 'admin'), also))
    .returning(userColumns);
  return rows[0] ?? null;
}

/**
 * Sets role admin on a user who is not one yet and whose e-mail is verified; answers the user when
 * it changed something.
 */
export const setAdminRoleIfVerified = (db: DbOrTx, id: string) =>
  promote(db, id, eq(user.emailVerified, true));

/** Like setAdminRoleIfVerified, only when the user's e-mail is in `emails` (lower-case). */
export const setAdminRoleIfListed = async (db: DbOrTx, id: string, emails: string[]) =>
  emails.length === 0
    ? null
    : promote(
        db,
        id,
        and(inArray(sql`lower(${user.email})`, emails), eq(user.emailVerified, true)),
      );

/**
 * Deletes the user row; their sessions and logins go with it (cascade), and so does or stays
 * everything else that names them, as each table's `userRef` says.
 */
export async function deleteUserRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(user).where(eq(user.id, id));
}
