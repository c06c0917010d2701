import { type Actor, allowIf, type Decision } from '../../auth/authorize';
import {
  actsForSomeoneElse,
  adminOnly,
  ownerOnly,
  ownerOrAdmin,
  verifiedFirst,
} from '../users/users.policy';

/**
 * Who may do what with donation campaigns. Pure functions over the caller (null: anonymous) and
 * the campaign; services and routes pass the answer to `authorize()`. Every answer is listed in
 * campaigns.policy.test.ts. Whether a campaign takes a donation (paused, ended, full) is a money
 * rule of the payments service, not a permission.
 */

type OwnedCampaign = { readonly ownerId: string };

/** The owner's e-mail on a campaign: signed-in callers only. */
export const canSeeOwnerEmail = (viewer: Actor): boolean => viewer !== null;

/** POST /api/create-donation-campaigns: any signed-in user whose e-mail is verified (the campaign is theirs). */
export const canCreate = (actor: Actor): Decision => verifiedFirst(actor);

/** PATCH /api/update-donation/{id}: the owner or an admin. */
export const canUpdate = (actor: Actor, campaign: OwnedCampaign): Decision =>
  ownerOrAdmin(actor, campaign.ownerId, 'Only the owner of this campaign or an admin can edit it.');

/** An admin editing someone else's campaign: audited with the change. */
export const updatesAsAdmin = (actor: Actor, campaign: OwnedCampaign): boolean =>
  actsForSomeoneElse(actor, campaign.ownerId);

/**
 * PATCH /api/donations/{id}/pause, the owner's toggle: the owner only (an admin uses the admin route), and not while an
 * admin's pause holds, which only an admin can lift.
 */
export function canTogglePause(
  actor: Actor,
  campaign: OwnedCampaign & { readonly pausedByAdmin: boolean },
): Decision {
  const owner = ownerOnly(
    actor,
    campaign.ownerId,
    'Only the owner of this campaign can pause or unpause it.',
  );
  if (!owner.allowed) return owner;
  return allowIf(
    !campaign.pausedByAdmin,
    'An admin paused this campaign; only an admin can resume it.',
  );
}

/** GET /api/donations/{id}/donators: the owner (archived campaigns too) or an admin. */
export const canViewDonators = (actor: Actor, campaign: OwnedCampaign): Decision =>
  ownerOrAdmin(
    actor,
    campaign.ownerId,
    'Only the owner of this campaign or an admin can see its donators.',
  );

/** GET /api/admin/donation-campaigns: every live campaign, paused ones included. */
export const canListAll = adminOnly;

/** PATCH /api/admin/donation-campaigns/{id}: pause or resume any campaign, audited. */
export const canSetPaused = adminOnly;

/**
 * DELETE /api/admin/donation-campaigns/{id}: admins only, audited (one with donations is
 * archived). An owner can pause their campaign but not delete it.
 */
export const canDelete = adminOnly;
