import type { AppDeps } from '../../app-deps';
import { recordAdminAction } from '../audit/audit.repository';
import {
  archiveCampaign,
  deleteCampaign,
  findCampaignById,
  listCampaignIdsByOwner,
  lockCampaign,
} from '../campaigns/campaigns.repository';
import { releaseImages } from '../images/images.service';
import {
  campaignHasMoneyHistory,
  holdReservations,
  releaseOpenIntents,
} from '../payments/payments.service';
import { deleteRequestsBy } from '../adoption-requests/adoption-requests.repository';
import { deleteFavouritesOf } from '../favourites/favourites.repository';
import { deletePet, listPetIdsByOwner } from '../pets/pets.repository';
import { deleteUserRow } from './users.repository';

type DeletionDeps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'imageStorage'>;

/**
 * Deleting an account, in one transaction run as Better Auth's `beforeDelete` (its own deletes of
 * the sessions, logins and user row that follow then find nothing left):
 * - the adoption requests they sent and their favourites, first;
 * - their pets, and with them every request for those pets;
 * - their campaigns: one that holds money (donations, payments under way) is archived as an
 *   admin delete does, so donors keep their records and the ledgers still add up; one without any
 *   is erased;
 * - an entry in the audit log (the account's own action);
 * - last, the user row, with their sessions and logins (cascade).
 * Their donations stay, without a donor, shown as "Deleted user"; their archived campaigns stay,
 * without an organiser. Pictures that nothing uses any more are released afterwards. All or
 * nothing: a deletion PostgreSQL ends in a deadlock (with the account's own payment being started
 * or recorded: both wait on the user row and the payment) leaves the account whole, answered 503
 * to try again (decision 015), instead of erased data beside a user row without sessions.
 */
export async function eraseAccountData(
  deps: DeletionDeps,
  account: { id: string; email: string; name: string },
): Promise<void> {
  const summary = await deps.database.db.transaction(async (tx) => {
    const pictures: string[] = [];
    // first what the user row's cascade would delete last and others lock before the pet counts
    // (a request being decided, a favourite of a pet being deleted), so that this transaction
    // takes them in the same order: the rows, then the counts its own pets' deletion updates
    await deleteRequestsBy(tx, account.id);
    await deleteFavouritesOf(tx, account.id);
    const petIds = await listPetIdsByOwner(tx, account.id);
    for (const id of petIds) {
      const deleted = await deletePet(tx, id);
      if (deleted) pictures.push(...deleted.imageIds);
    }
    let archived = 0;
    let erased = 0;
    // campaigns in id order, each locked before it changes (a donation being recorded on one is
    // ordered before or after this, never in between)
    for (const id of await listCampaignIdsByOwner(tx, account.id)) {
      await holdReservations(tx, id);
      // payments under way released before the row is locked (decision 042)
      await releaseOpenIntents(tx, id, 'archived');
      const locked = await lockCampaign(tx, id);
      if (!locked || locked.archivedAt) continue;
      if (await campaignHasMoneyHistory(tx, id)) {
        await archiveCampaign(tx, id);
        archived += 1;
      } else {
        const row = await findCampaignById(tx, id);
        await deleteCampaign(tx, id);
        if (row) pictures.push(row.pictureId);
        erased += 1;
      }
    }
    await recordAdminAction(tx, {
      actor: { id: account.id, email: account.email },
      action: 'user.delete',
      targetType: 'user',
      targetId: account.id,
      before: {
        email: account.email,
        name: account.name,
        petsDeleted: petIds.length,
        campaignsArchived: archived,
        campaignsDeleted: erased,
      },
      after: null,
    });
    await deleteUserRow(tx, account.id);
    return { pictures };
  });
  await releaseImages(deps, summary.pictures);
  deps.logger.info({ userId: account.id }, 'Account deleted');
}
