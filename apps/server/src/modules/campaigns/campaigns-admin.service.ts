import type { AdminListQuery } from '@pet-haven/shared/admin';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { recordAdminAction } from '../audit/audit.repository';
import { releaseImages } from '../images/images.service';
import {
  campaignHasMoneyHistory,
  holdReservations,
  releaseOpenIntents,
} from '../payments/payments.service';
import { presentCampaignForAudit } from './campaigns.presenter';
import {
  archiveCampaign,
  deleteCampaign,
  findCampaignById,
  listAllCampaigns,
  lockCampaign,
  setPaused,
  type CampaignRow,
} from './campaigns.repository';

/**
 * The admin's campaign actions (spec sections 4 and 6). Each change and its audit log entry are
 * written in one transaction, with the campaign row locked so a donation being recorded at the
 * same moment is ordered before or after it, never in between.
 */
type AdminDeps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'imageStorage'>;

const campaignNotFound = () => notFound('Campaign not found.');

/** Every live campaign, paused ones included, archived ones not, newest first, with the total. */
export function listCampaignsForAdmin(deps: AdminDeps, query: AdminListQuery) {
  return listAllCampaigns(deps.database.db, pageOf(query));
}

/** The admin sends the new paused value; answers the campaign as it is now. */
export async function setCampaignPausedByAdmin(
  deps: AdminDeps,
  admin: AuthUser,
  id: string,
  paused: boolean,
): Promise<CampaignRow> {
  return deps.database.db.transaction(async (tx) => {
    await holdReservations(tx, id);
    // payments under way released before the row is locked (decision 042); undone with the rest
    // if the campaign turns out to be gone
    if (paused) await releaseOpenIntents(tx, id, 'paused');
    const locked = await lockCampaign(tx, id);
    if (!locked || locked.archivedAt) throw campaignNotFound();
    await setPaused(tx, id, paused);
    const after = await findCampaignById(tx, id);
    if (!after) throw campaignNotFound();
    await recordAdminAction(tx, {
      actor: admin,
      action: paused ? 'campaign.pause' : 'campaign.unpause',
      targetType: 'campaign',
      targetId: id,
      before: { petName: after.petName, paused: locked.paused },
      after: { petName: after.petName, paused: after.paused },
    });
    return after;
  });
}

/**
 * Removes a campaign for an admin. Nothing that records money is lost: a campaign with
 * donations (or payments under way) is archived: it leaves every list and refuses donations,
 * while its donors still see their donations and the totals still add up. A campaign without
 * any is erased, and its picture released. Answers whether it was archived.
 */
export async function removeCampaignByAdmin(
  deps: AdminDeps,
  admin: AuthUser,
  id: string,
): Promise<{ archived: boolean }> {
  const result = await deps.database.db.transaction(async (tx) => {
    await holdReservations(tx, id);
    // payments under way released before the row is locked (decision 042): a campaign with any
    // is archived; without any this changes nothing
    await releaseOpenIntents(tx, id, 'archived');
    const locked = await lockCampaign(tx, id);
    if (!locked || locked.archivedAt) throw campaignNotFound();
    const row = await findCampaignById(tx, id);
    if (!row) throw campaignNotFound();
    const before = presentCampaignForAudit(row, admin);
    const archived = await campaignHasMoneyHistory(tx, id);
    if (archived) await archiveCampaign(tx, id);
    else await deleteCampaign(tx, id);
    const afterRow = archived ? await findCampaignById(tx, id, { includeArchived: true }) : null;
    await recordAdminAction(tx, {
      actor: admin,
      action: archived ? 'campaign.archive' : 'campaign.delete',
      targetType: 'campaign',
      targetId: id,
      before,
      after: afterRow ? presentCampaignForAudit(afterRow, admin) : null,
    });
    return { archived, pictureId: row.pictureId };
  });
  if (!result.archived) await releaseImages(deps, [result.pictureId]);
  return { archived: result.archived };
}
