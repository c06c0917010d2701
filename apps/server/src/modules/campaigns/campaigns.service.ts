import type {
  CampaignListQuery,
  CreateCampaignBody,
  DonationListQuery,
  UpdateCampaignBody,
} from '@pet-haven/shared/campaigns';
import { formatCents, toCentsStrict } from '@pet-haven/shared/money';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { invalidField, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { keysetPageOf, pageOf, type Page } from '../../lib/paging';
import { recordAdminAction } from '../audit/audit.repository';
import { releaseImages, resolveHostedImage } from '../images/images.service';
import {
  holdReservations,
  releaseOpenIntents,
  reservedCentsOf,
} from '../payments/payments.service';
import * as campaignsPolicy from './campaigns.policy';
import { presentCampaignForAudit } from './campaigns.presenter';
import {
  countSitemapCampaigns,
  findCampaignById,
  insertCampaign,
  listCampaignsByOwner,
  listDonationsByDonor,
  listDonators,
  listPublicCampaigns,
  lockCampaign,
  sitemapCampaigns,
  togglePaused,
  updateCampaign,
  type CampaignPatch,
  type CampaignRow,
  type DonatorRow,
  type MyDonationRow,
} from './campaigns.repository';

type CampaignDeps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'imageStorage'>;

const campaignNotFound = () => notFound('Campaign not found.');

/** Creates a campaign owned by the signed-in user; the picture must be hosted here. */
export async function createCampaign(
  deps: CampaignDeps,
  owner: AuthUser,
  body: CreateCampaignBody,
): Promise<CampaignRow> {
  const picture = await resolveHostedImage(deps, body.petPicture, 'json.petPicture');
  const id = await insertCampaign(deps.database.db, {
    ownerId: owner.id,
    pictureId: picture.id,
    petName: body.petName,
    maxDonationCents: toCentsStrict(body.maxDonationAmount),
    lastDate: body.lastDate,
    shortDescription: body.shortDescription,
    longDescription: body.longDescription,
  });
  return (await findCampaignById(deps.database.db, id))!;
}

/**
 * Changes a campaign (owner or admin). The maximum cannot go below what was raised plus what
 * payments under way have reserved: the campaign row is locked while this is checked, so no
 * donation can slip in between the check and the change.
 */
export async function editCampaign(
  deps: CampaignDeps,
  caller: AuthUser,
  id: string,
  body: UpdateCampaignBody,
): Promise<CampaignRow> {
  const db = deps.database.db;
  const before = await findCampaignById(db, id);
  if (!before) throw campaignNotFound();
  authorize(campaignsPolicy.canUpdate(caller, before));
  // Resolved before the transaction: the embedded database runs one transaction at a time.
  const picture =
    body.petPicture !== undefined
      ? await resolveHostedImage(deps, body.petPicture, 'json.petPicture')
      : null;

  const patch: CampaignPatch = {};
  if (body.petName !== undefined) patch.petName = body.petName;
  if (picture) patch.pictureId = picture.id;
  if (body.lastDate !== undefined) patch.lastDate = body.lastDate;
  if (body.shortDescription !== undefined) patch.shortDescription = body.shortDescription;
  if (body.longDescription !== undefined) patch.longDescription = body.longDescription;
  if (body.maxDonationAmount !== undefined) {
    patch.maxDonationCents = toCentsStrict(body.maxDonationAmount);
  }

  await db.transaction(async (tx) => {
    await holdReservations(tx, id);
    const locked = await lockCampaign(tx, id);
    if (!locked || locked.archivedAt) throw campaignNotFound();
    if (patch.maxDonationCents !== undefined) {
      const reserved = await reservedCentsOf(tx, id);
      const floor = locked.raisedCents + reserved;
      if (patch.maxDonationCents < floor) {
        const raised = formatCents(locked.raisedCents);
        throw invalidField(
          'json.maxDonationAmount',
          reserved > 0
            ? `The maximum cannot be lower than ${formatCents(floor)}: ${raised} is raised and ${formatCents(reserved)} is in payments under way.`
            : `The maximum cannot be lower than the ${raised} already raised.`,
        );
      }
    }
    if (Object.keys(patch).length > 0) await updateCampaign(tx, id, patch);
    if (campaignsPolicy.updatesAsAdmin(caller, before)) {
      const after = await findCampaignById(tx, id);
      await recordAdminAction(tx, {
        actor: { id: caller.id, email: caller.email },
        action: 'campaign.update',
        targetType: 'campaign',
        targetId: id,
        before: presentCampaignForAudit(before, caller),
        after: after ? presentCampaignForAudit(after, caller) : null,
      });
    }
  });

  if (picture && picture.id !== before.pictureId) await releaseImages(deps, [before.pictureId]);
  return (await findCampaignById(db, id))!;
}

/** A page of the public list (9 a page, newest first, not paused); no rows after the last page. */
export function listPublic(
  deps: CampaignDeps,
  query: CampaignListQuery,
): Promise<Page<CampaignRow>> {
  return listPublicCampaigns(deps.database.db, keysetPageOf(query));
}

/** The sitemap's campaigns (decision 021): how many there are. */
export const countCampaignsForSitemap = (deps: Pick<AppDeps, 'database'>) =>
  countSitemapCampaigns(deps.database.db);

/** A batch of the sitemap's campaigns in a stable order: after the id `after`, else from `offset`. */
export const campaignsForSitemap = (
  deps: Pick<AppDeps, 'database'>,
  after: string | null,
  offset: number,
  limit: number,
) => sitemapCampaigns(deps.database.db, after, offset, limit);

/** A live (not archived) campaign, or 404. */
export async function getCampaign(deps: CampaignDeps, id: string): Promise<CampaignRow> {
  const row = await findCampaignById(deps.database.db, id);
  if (!row) throw campaignNotFound();
  return row;
}

/** One page of the caller's own campaigns, with the total. */
export function listMine(
  deps: CampaignDeps,
  owner: AuthUser,
  query: DonationListQuery,
): Promise<Page<CampaignRow>> {
  return listCampaignsByOwner(deps.database.db, owner.id, pageOf(query));
}

/** The owner pauses or unpauses (not while an admin's pause holds); answers the new value. */
export async function toggleCampaignPause(
  deps: CampaignDeps,
  caller: AuthUser,
  id: string,
): Promise<boolean> {
  const row = await getCampaign(deps, id);
  // holding the reservations, under which pause and archive change: payments under way are
  // released in the same step as the pause (before the row is locked, decision 042), and an
  // admin's pause set meanwhile is seen
  return deps.database.db.transaction(async (tx) => {
    await holdReservations(tx, id);
    const current = await findCampaignById(tx, id);
    if (!current) throw campaignNotFound();
    authorize(
      campaignsPolicy.canTogglePause(caller, { ...row, pausedByAdmin: current.pausedByAdmin }),
    );
    if (!current.paused) await releaseOpenIntents(tx, id, 'paused');
    await lockCampaign(tx, id);
    const paused = await togglePaused(tx, id);
    if (paused === null) throw campaignNotFound();
    return paused;
  });
}

/** Who gave how much (owner or admin), archived campaigns included. */
export async function campaignDonators(
  deps: CampaignDeps,
  caller: AuthUser,
  id: string,
  query: DonationListQuery,
): Promise<Page<DonatorRow>> {
  // archived campaigns too: their owner still sees who gave
  const row = await findCampaignById(deps.database.db, id, { includeArchived: true });
  if (!row) throw campaignNotFound();
  authorize(campaignsPolicy.canViewDonators(caller, row));
  return listDonators(deps.database.db, id, pageOf(query));
}

export function myDonations(
  deps: CampaignDeps,
  caller: AuthUser,
  query: DonationListQuery,
): Promise<Page<MyDonationRow>> {
  return listDonationsByDonor(deps.database.db, caller.id, pageOf(query));
}
