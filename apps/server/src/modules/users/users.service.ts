import { messages } from '@pet-haven/shared/messages';
import type { SaveUserBody, UsersQuery } from '@pet-haven/shared/users';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { recordAdminAction, type AuditActor } from '../audit/audit.repository';
import {
  findUserByEmail,
  findUserById,
  listUsers,
  markProfileSaved,
  setAdminRoleIfVerified,
  setAdminRoleIfListed,
  updateProfile,
  type UserRow,
} from './users.repository';
import * as usersPolicy from './users.policy';

type UsersDeps = Pick<AppDeps, 'database'>;

/**
 * POST /api/users: stores the caller's profile (name, photo). The account itself already exists
 * (Better Auth created it). Answers whether this was the profile's first save.
 */
export async function saveProfile(
  deps: UsersDeps,
  caller: AuthUser,
  body: SaveUserBody,
): Promise<{ firstSave: boolean }> {
  authorize(usersPolicy.canSaveProfile(caller, body.email));
  const name = body.displayName ?? body.name;
  const image = body.photoURL ?? undefined;
  return deps.database.db.transaction(async (tx) => {
    await updateProfile(tx, caller.id, { name, image });
    return { firstSave: await markProfileSaved(tx, caller.id) };
  });
}

export function listAllUsers(deps: UsersDeps, query: UsersQuery) {
  return listUsers(deps.database.db, pageOf(query));
}

/**
 * Whose list an `?email=` names (GET /api/user/pets, /api/user/adoption-requests), once the
 * resource's policy allowed it: the caller when it is left out or is their own, otherwise that
 * user (null when there is no such user).
 */
export async function resolveListOwner(
  deps: UsersDeps,
  actor: AuthUser,
  email: string | undefined,
): Promise<string | null> {
  if (!email || usersPolicy.namesSelf(actor, email)) return actor.id;
  return (await findUserByEmail(deps.database.db, email))?.id ?? null;
}

/** GET /api/users/admin/{email}: yourself, or any e-mail when an admin asks. */
export async function isAdminEmail(deps: UsersDeps, caller: AuthUser, email: string) {
  authorize(usersPolicy.canCheckAdmin(caller, email));
  if (usersPolicy.isOwnEmail(caller, email)) return usersPolicy.isAdmin(caller);
  return usersPolicy.isAdmin(await findUserByEmail(deps.database.db, email));
}

/** Makes `target` an admin if not one yet and verified, with its audit entry; answers 1 or 0. */
async function promote(deps: UsersDeps, actor: AuditActor, target: UserRow) {
  return deps.database.db.transaction(async (tx) => {
    const changed = await setAdminRoleIfVerified(tx, target.id);
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

/**
 * PATCH /api/users/admin/{id}: answers the modified count (0 when already an admin). A user whose
 * e-mail is not verified is refused (409, `usersPolicy.mayBecomeAdmin`), checked again in the
 * update itself.
 */
export async function promoteUserById(deps: UsersDeps, actor: AuthUser, id: string) {
  const target = await findUserById(deps.database.db, id);
  if (!target) throw notFound('No user has this id.');
  const refused = () => conflict(messages.users.cannotPromoteUnverified(target.name));
  if (!usersPolicy.mayBecomeAdmin(target)) throw refused();
  const modified = await promote(deps, actor, target);
  if (modified === 0) {
    // nothing changed: an admin already, or, since it was read, deleted or not verified after all
    const now = await findUserById(deps.database.db, id);
    if (!now) throw notFound('No user has this id.');
    if (!usersPolicy.isAdmin(now)) throw refused();
  }
  return modified;
}

/**
 * The command line's promote: null when no user has this e-mail. An account whose e-mail is not
 * verified is left as it is (`usersPolicy.mayBecomeAdmin`, checked again in the update); the
 * command's refusal says how the owner takes the account over first: a verified address proves
 * the mailbox, not who holds the account's password.
 */
export async function promoteUserByEmail(deps: UsersDeps, actor: AuditActor, email: string) {
  const target = await findUserByEmail(deps.database.db, email);
  if (!target) return null;
  if (!usersPolicy.mayBecomeAdmin(target)) {
    return { user: target, unverified: true as const };
  }
  return {
    user: target,
    modifiedCount: await promote(deps, actor, target),
  };
}

/**
 * An account whose e-mail is in ADMIN_EMAILS, and verified, becomes an admin, recorded as done by
 * `actor` (when its verification link is opened in its own session, better-auth.ts). Answers
 * whether it changed the role.
 */
export async function applyAdminEmails(
  deps: Pick<AppDeps, 'config' | 'database'>,
  userId: string,
  actor: AuditActor,
) {
  const adminEmails = deps.config.adminEmails.map((e) => e.toLowerCase());
  if (adminEmails.length === 0) return false;
  return deps.database.db.transaction(async (tx) => {
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
