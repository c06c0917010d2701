import { type Actor, allowIf, type Decision, signInFirst } from '../../auth/authorize';
import {
  actsForSomeoneElse,
  canListFor,
  isAdmin,
  isSelf,
  ownerOrAdmin,
  verifiedFirst,
} from '../users/users.policy';

/**
 * Who may do what with adoption requests. Pure functions over the caller (null: anonymous), the
 * pet asked for and the request; services pass the answer to `authorize()`. Every answer is
 * listed in adoption-requests.policy.test.ts.
 */

type RequestParties = { readonly petOwnerId: string; readonly requesterId: string };

/**
 * POST /api/adoption-requests: any signed-in user (admins too) but the pet's owner. An adopted
 * pet or a second pending request is a 409, a rule of the service, not a permission.
 */
export const canCreate = (actor: Actor, pet: { readonly ownerId: string }): Decision => {
  const verified = verifiedFirst(actor);
  if (!verified.allowed) return verified;
  return allowIf(!isSelf(actor, pet.ownerId), 'You cannot request to adopt your own pet.');
};

/** GET /api/user/adoption-requests?email=: the requests on your own pets; an admin names anyone. */
export const canListForOwner = (actor: Actor, ownerEmail: string | undefined): Decision =>
  canListFor(actor, ownerEmail, 'You can only see the adoption requests on your own pets.');

/** PATCH /api/adoption-requests/{id}: the pet's owner or an admin accepts or rejects. */
export const canDecide = (actor: Actor, request: RequestParties): Decision =>
  ownerOrAdmin(
    actor,
    request.petOwnerId,
    "Only the pet's owner can accept or reject this request.",
  );

/** An admin deciding on a request for someone else's pet: audited with the change. */
export const decidesAsAdmin = (actor: Actor, request: RequestParties): boolean =>
  actsForSomeoneElse(actor, request.petOwnerId);

/** DELETE /api/adoption-requests/{id}: the requester or an admin withdraws (while pending). */
export const canWithdraw = (actor: Actor, request: RequestParties): Decision =>
  ownerOrAdmin(
    actor,
    request.requesterId,
    'Only the person who sent this request can withdraw it.',
  );

/** An admin withdrawing someone else's request: audited with the change. */
export const withdrawsAsAdmin = (actor: Actor, request: RequestParties): boolean =>
  actsForSomeoneElse(actor, request.requesterId);

/** The requester's phone and address: the pet's owner, the requester and admins only. */
export const canSeeContact = (viewer: Actor, request: RequestParties): boolean =>
  isAdmin(viewer) || isParty(viewer, request);

/** The caller is one of the request's two parties: the pet's owner or the requester. */
const isParty = (actor: Actor, request: RequestParties): boolean =>
  isSelf(actor, request.petOwnerId) || isSelf(actor, request.requesterId);

/** A request's page, history and conversation: the two parties and admins. */
export const canRead = (actor: Actor, request: RequestParties): Decision =>
  actor
    ? allowIf(
        isAdmin(actor) || isParty(actor, request),
        'Only the two parties to this request can read it.',
      )
    : signInFirst;

/** Writing in (and marking read) the conversation: the two parties only; admins read. */
export const canWrite = (actor: Actor, request: RequestParties): Decision =>
  actor
    ? allowIf(
        isParty(actor, request),
        'Only the two parties to this request can write in its conversation.',
      )
    : signInFirst;

/** The caller's side of a request, or null when they are not a party (an admin reading). */
export const sideOf = (actor: Actor, request: RequestParties): 'owner' | 'requester' | null =>
  isSelf(actor, request.petOwnerId)
    ? 'owner'
    : isSelf(actor, request.requesterId)
      ? 'requester'
      : null;

/** A message's author is the caller (it shows on their side of the conversation). */
export const wroteIt = (actor: Actor, message: { readonly authorId: string | null }): boolean =>
  isSelf(actor, message.authorId);
