import { messages } from '@pet-haven/shared/messages';
import type { SaveUserBody, SaveUserAnswer, UsersQuery } from '@pet-haven/shared/users';
import { authorize } from '../../auth/authorize';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { recordAdminAction, type AuditActor } from '../audit/audit.service';
import {
  findUserByEmail,
  findUserById,
  listUsers,
  markProfileSaved,
  setAdminRole,
  setAdminRoleIfListed,
  updateProfile,
  type UserRow,
} from './users.repository';
import * as usersPolicy from './users.policy';

/**
 * POST /api/users: stores the caller's profile (name, photo). The account itself already exists
 * (Better Auth created it); the first save answers the id, later ones "User already exists".
 */
export async function saveProfile(
  db: Database,
  caller: AuthUser,
  body: SaveUserBody,
): Promise<SaveUserAnswer> {
  authorize(usersPolicy.canSaveProfile(caller, body.email));
  const name = body.displayName ?? body.name;
  const image = body.photoURL ?? undefined;
  return db.transaction(async (tx) => {
    await updateProfile(tx, caller.id, { name, image });
    const first = await markProfileSaved(tx, caller.id);
    return first
      ? { insertedId: caller.id, message: 'User saved' }
      : { insertedId: null, message: messages.registration.serverAlreadyExists };
  });
}

export function listAllUsers(db: DbOrTx, query: UsersQuery) {
  return listUsers(db, pageOf(query));
}

/**
 * Whose list an `?email=` names (GET /api/user/pets, /api/user/adoption-requests), once the
 * resource's policy allowed it: the caller when it is left out or is their own, otherwise that
 * user (null when there is no such user).
 */
export async function resolveListOwner(
  db: DbOrTx,
  actor: AuthUser,
  email: string | undefined,
): Promise<string | null> {
  if (!email || usersPolicy.namesSelf(actor, email)) return actor.id;
  return (await findUserByEmail(db, email))?.id ?? null;
}

/** GET /api/users/admin/{email}: yourself, or any e-mail when an admin asks. */
export async function isAdminEmail(db: DbOrTx, caller: AuthUser, email: string) {
  authorize(usersPolicy.canCheckAdmin(caller, email));
  if (usersPolicy.isOwnEmail(caller, email)) return usersPolicy.isAdmin(caller);
  return usersPolicy.isAdmin(await findUserByEmail(db, email));
}

async function promote(db: Database, actor: AuditActor, target: UserRow) {
  return db.transaction(async (tx) => {
    const changed = await setAdminRole(tx, target.id);
    if (!changed) return 0;
    await recordAdminAction(tx, {
      actor,
      action: 'user.promote',
      targetType: 'user',
      targetId: changed.id,
      before: { email: changed.email, role: target.role },
      after: { email: changed.email, role: 'admin' },
    });
    return 1;
  });
}

/** PATCH /api/users/admin/{id}: answers the modified count (0 when already an admin). */
export async function promoteUserById(db: Database, actor: AuthUser, id: string) {
  const target = await findUserById(db, id);
  if (!target) throw notFound('No user has this id.');
  return promote(db, { id: actor.id, email: actor.email }, target);
}

/** The command line's promote: null when no user has this e-mail. */
export async function promoteUserByEmail(db: Database, actor: AuditActor, email: string) {
  const target = await findUserByEmail(db, email);
  if (!target) return null;
  return { user: target, modifiedCount: await promote(db, actor, target) };
}

/** On every sign-in: an account whose e-mail is in ADMIN_EMAILS becomes an admin. */
export async function applyAdminEmails(
  db: Database,
  userId: string,
  adminEmails: string[],
  actor: AuditActor,
) {
  if (adminEmails.length === 0) return false;
  return db.transaction(async (tx) => {
    const changed = await setAdminRoleIfListed(tx, userId, adminEmails);
    if (!changed) return false;
    await recordAdminAction(tx, {
      actor,
      action: 'user.promote',
      targetType: 'user',
      targetId: changed.id,
      before: { email: changed.email, role: 'user' },
      after: { email: changed.email, role: 'admin' },
    });
    return true;
  });
}
