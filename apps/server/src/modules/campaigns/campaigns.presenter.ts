import { DELETED_USER_NAME } from '@pet-haven/shared/users';
import type { AdminDeleteCampaignAnswer } from '@pet-haven/shared/admin';
import type { Campaign, Donator, MyDonation } from '@pet-haven/shared/campaigns';
import { fromCents } from '@pet-haven/shared/money';
import type { AuthUser } from '../../lib/hono-env';
import { AUDIT_IMAGE_BASE, displayUrlOf } from '../images/images.presenter';
import * as campaignsPolicy from './campaigns.policy';
import type { CampaignRow, DonatorRow, MyDonationRow } from './campaigns.repository';

/** A campaign as every answer shows it; the owner's e-mail only for those the policy lets see it. */
export function presentCampaign(
  row: CampaignRow,
  viewer: AuthUser | null,
  imageBase: string,
): Campaign {
  const campaign: Campaign = {
    _id: row.id,
    petName: row.petName,
    petPicture: displayUrlOf(row.pictureId, row.pictureWidth, imageBase),
    maxDonationAmount: fromCents(row.maxDonationCents),
    donatedAmount: fromCents(row.raisedCents),
    lastDate: row.lastDate,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    paused: row.paused,
    pausedByAdmin: row.pausedByAdmin,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
  // added after the literal, as presentPet does: a spread inside it builds every campaign by copying
  if (campaignsPolicy.canSeeOwnerEmail(viewer)) campaign.userEmail = row.ownerEmail;
  return campaign;
}

/** A campaign as the audit log keeps it (before and after an admin's change): with archivedAt. */
export const presentCampaignForAudit = (row: CampaignRow, admin: AuthUser) => ({
  ...presentCampaign(row, admin, AUDIT_IMAGE_BASE),
  archivedAt: row.archivedAt?.toISOString(),
});

/** DELETE /api/admin/donation-campaigns/{id}: the campaign went, archived or erased. */
export const presentCampaignRemoval = (removal: {
  archived: boolean;
}): AdminDeleteCampaignAnswer => ({ deletedCount: 1, archived: removal.archived });

export const presentDonator = (row: DonatorRow): Donator => ({
  id: row.id,
  name: row.name ?? DELETED_USER_NAME,
  amount: fromCents(row.amountCents),
});

export const presentMyDonation = (row: MyDonationRow, imageBase: string): MyDonation => ({
  _id: row.id,
  campaignId: row.campaignId,
  petName: row.petName,
  petPicture: displayUrlOf(row.pictureId, row.pictureWidth, imageBase),
  amount: fromCents(row.amountCents),
  date: row.createdAt.toISOString(),
});
