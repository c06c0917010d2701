import { type Actor, allow, allowIf, type Decision, signInFirst } from '../../auth/authorize';
import type { AuthUser } from '../../lib/hono-env';

/**
 * Who may do what with users, and the questions every other policy builds on: is the caller an
 * admin, is the caller this user. Pure functions over the caller (null: anonymous); services and
 * routes pass the answer to `authorize()`. Every answer is listed in users.policy.test.ts.
 */

/** The one test of the admin role in the server (a role as stored, of any record). */
export const isAdminRole = (role: unknown): boolean => role === 'admin';

/** The caller (or a user row) is an admin. */
export const isAdmin = (actor: { readonly role: string } | null | undefined): boolean =>
  isAdminRole(actor?.role);

/**
 * The caller is the user with this id (a pet's owner, a request's sender, a payment's donor);
 * never for a null id (a deleted account).
 */
export const isSelf = (actor: Actor, userId: string | null): boolean =>
  actor !== null && userId !== null && actor.id === userId;

/**
 * ADMIN_EMAILS makes an account an admin as its verification link is opened only in a session of
 * that account (`opener`: the session's user; null without one). The opener then holds both the
 * mailbox and the account; anyone may have made an account with a listed address (decision 010).
 */
export const mayTakeListedAdminRole = (
  opener: { readonly id: string } | null,
  accountId: string,
): boolean => opener !== null && opener.id === accountId;

/** The caller is this user, or an admin (who may act on anyone's things). */
export const isSelfOrAdmin = (actor: Actor, userId: string): boolean =>
  isSelf(actor, userId) || isAdmin(actor);

/** An admin acting on someone else's thing: such changes are written to the audit log. */
export const actsForSomeoneElse = (actor: Actor, userId: string): boolean =>
  isAdmin(actor) && !isSelf(actor, userId);

/** `email` is the caller's own (case and surrounding spaces ignored). */
export const isOwnEmail = (actor: AuthUser, email: string): boolean =>
  email.trim().toLowerCase() === actor.email.trim().toLowerCase();

/** `email` (an `?email=` of a list) is left out, blank or the caller's own. */
export const namesSelf = (actor: AuthUser, email: string | undefined): boolean =>
  !email?.trim() || isOwnEmail(actor, email);

/**
 * Actions on something a user owns (a pet, a campaign, the pet a request is for): its owner or an
 * admin. 401 for anonymous callers; anyone else gets `refusal` (403).
 */
export const ownerOrAdmin = (actor: Actor, ownerId: string, refusal: string): Decision =>
  actor ? allowIf(isSelfOrAdmin(actor, ownerId), refusal) : signInFirst;

/**
 * Actions only the owner takes, admins included only when they own it (a payment's donor, null
 * once that account is deleted: then nobody). 401 for anonymous callers, else `refusal` (403).
 */
export const ownerOnly = (actor: Actor, ownerId: string | null, refusal: string): Decision =>
  actor ? allowIf(isSelf(actor, ownerId), refusal) : signInFirst;

/**
 * Actions that put something in front of other people (listing a pet, creating a campaign, asking
 * to adopt): a signed-in user whose e-mail is verified (decision 032). 401 for anonymous callers,
 * 403 EMAIL_NOT_VERIFIED for an unverified account (admins included).
 */
export const verifiedFirst = (actor: Actor): Decision =>
  !actor
    ? signInFirst
    : actor.emailVerified
      ? allow
      : {
          allowed: false,
          signIn: false,
          code: 'EMAIL_NOT_VERIFIED',
          reason:
            'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
        };

const ADMINS_ONLY = 'Only admins can do this.';

/** Admin-only actions: 401 for anonymous callers, 403 for users. */
export const adminOnly = (actor: Actor): Decision =>
  actor ? allowIf(isAdmin(actor), ADMINS_ONLY) : signInFirst;

/** GET /api/users (every user). */
export const canListUsers = adminOnly;

/** PATCH /api/users/admin/{id}: make a user an admin (there is no demotion). */
export const canPromote = adminOnly;

/**
 * Who can be made an admin (from the Users tab or the command line), an admin already included:
 * a user whose e-mail is verified. Anyone can sign up with any address, and whoever promotes names
 * a person by theirs; an unverified account may belong to someone else altogether (decision 010).
 */
export const mayBecomeAdmin = (target: {
  readonly role: string;
  readonly emailVerified: boolean;
}): boolean => isAdmin(target) || target.emailVerified;

/** POST /api/users: the body's e-mail must be the caller's own. */
export const canSaveProfile = (actor: Actor, email: string): Decision =>
  actor ? allowIf(isOwnEmail(actor, email), 'You can only save your own profile.') : signInFirst;

/** GET /api/users/admin/{email}: your own status; an admin may ask about anyone. */
export const canCheckAdmin = (actor: Actor, email: string): Decision =>
  actor
    ? allowIf(
        isOwnEmail(actor, email) || isAdmin(actor),
        'You can only check your own admin status.',
      )
    : signInFirst;

/**
 * Lists of someone's things named by `?email=` (GET /api/user/pets, /api/user/adoption-requests):
 * your own; an admin may name anyone. `refusal` is the resource's 403 message.
 */
export const canListFor = (actor: Actor, email: string | undefined, refusal: string): Decision =>
  actor ? allowIf(namesSelf(actor, email) || isAdmin(actor), refusal) : signInFirst;
