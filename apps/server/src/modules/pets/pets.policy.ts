import { type Actor, allow, allowIf, type Decision } from '../../auth/authorize';
import {
  actsForSomeoneElse,
  adminOnly,
  canListFor,
  isAdmin,
  ownerOrAdmin,
  verifiedFirst,
} from '../users/users.policy';

/**
 * Who may do what with pets. Pure functions over the caller (null: anonymous) and the pet;
 * services and routes pass the answer to `authorize()`. Every answer is listed in
 * pets.policy.test.ts. Copy this file for a new resource.
 */

type OwnedPet = { readonly ownerId: string };

const NOT_OWNER = 'Only the owner of this pet can do this.';

/** GET /api/pets/{id}: anyone, signed in or not, adopted or not. */
export const canView = (_actor: Actor, _pet: OwnedPet): Decision => allow;

/** Lists: anonymous callers only ever see pets not yet adopted (their `adopted` filter is false). */
export const canSeeAdopted = (viewer: Actor): boolean => viewer !== null;

/** The owner's e-mail on a pet: signed-in callers only. */
export const canSeeOwnerEmail = (viewer: Actor): boolean => viewer !== null;

/** POST /api/add-pet: any signed-in user whose e-mail is verified (the pet is theirs). */
export const canCreate = (actor: Actor): Decision => verifiedFirst(actor);

/** GET /api/user/pets?email=: your own pets; an admin may name anyone. */
export const canList = (actor: Actor, ownerEmail: string | undefined): Decision =>
  canListFor(actor, ownerEmail, 'You can only list your own pets.');

/** PATCH /api/update-pet/{id}: the owner or an admin. */
export const canUpdate = (actor: Actor, pet: OwnedPet): Decision =>
  ownerOrAdmin(actor, pet.ownerId, NOT_OWNER);

/** DELETE /api/pet/{id}: the owner or an admin. */
export const canDelete = canUpdate;

/**
 * PATCH /api/pets/{id}/adopted: the owner marks their pet adopted, one way only; an admin sets
 * either value on any pet.
 */
export function canSetAdopted(
  actor: Actor,
  pet: OwnedPet & { readonly adopted: boolean },
  adopted: boolean,
): Decision {
  const owner = ownerOrAdmin(actor, pet.ownerId, NOT_OWNER);
  if (!owner.allowed) return owner;
  return allowIf(
    adopted || !pet.adopted || isAdmin(actor),
    'Marking a pet adopted cannot be undone; ask an admin.',
  );
}

/**
 * An admin changing someone else's pet through the owners' routes (update, delete, adopted):
 * an admin action, written to the audit log with the change.
 */
export const actsAsAdmin = (actor: Actor, pet: OwnedPet): boolean =>
  actsForSomeoneElse(actor, pet.ownerId);

/** GET /api/all-pets: every pet, adopted or not. */
export const canListAll = adminOnly;

/** DELETE /api/pets/{id}: any pet, audited. */
export const canDeleteAny = adminOnly;

/** PATCH /api/pets/{id}: adopted either way on any pet, audited. */
export const canSetAdoptedAny = adminOnly;
