import { campaignToday } from '@pet-haven/shared/campaign-values';
import { formatCents } from '@pet-haven/shared/money';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { campaignEndedMail, campaignGoalReachedMail } from '../mail/mail.templates';
import { notify } from '../notifications/notifications.service';
import { claimEndedCampaigns, findCampaignOwner } from './campaigns.repository';

type UpdateDeps = Pick<AppDeps, 'config' | 'mailer'>;

/**
 * A donation just brought the campaign to its maximum: its organiser is told, in the recording's
 * transaction (the maximum is reached once: the guarded addition never passes it, and a full
 * campaign takes no more).
 */
export async function notifyIfGoalReached(
  deps: UpdateDeps,
  tx: DbOrTx,
  campaign: { id: string; maxDonationCents: number },
  raisedCents: number,
): Promise<void> {
  if (raisedCents < campaign.maxDonationCents) return;
  const found = await findCampaignOwner(tx, campaign.id);
  if (!found?.ownerId) return;
  await notify(deps, tx, found.ownerId, 'campaign-updates', ({ name }) =>
    campaignGoalReachedMail({
      name,
      petName: found.petName,
      amount: formatCents(campaign.maxDonationCents),
      site: deps.mailer.site,
    }),
  );
}

const BATCH = 20;

/**
 * The campaign-end job (every process runs it now and then): tells the organiser of each campaign
 * whose last date has passed everywhere on Earth, once. Each batch is claimed and its mail written
 * in one transaction, so two processes never tell twice and a crash tells nobody half. Answers how
 * many campaigns it claimed.
 */
export async function notifyEndedCampaigns(
  deps: Pick<AppDeps, 'config' | 'mailer' | 'database' | 'now'>,
): Promise<number> {
  let claimed = 0;
  for (;;) {
    const now = deps.now();
    const batch = await deps.database.db.transaction(async (tx) => {
      const ended = await claimEndedCampaigns(tx, campaignToday(now), now, BATCH);
      for (const campaign of ended) {
        if (!campaign.ownerId) continue;
        await notify(deps, tx, campaign.ownerId, 'campaign-updates', ({ name }) =>
          campaignEndedMail({
            name,
            petName: campaign.petName,
            raised: formatCents(campaign.raisedCents),
            maximum: formatCents(campaign.maxDonationCents),
            site: deps.mailer.site,
          }),
        );
      }
      return ended.length;
    });
    claimed += batch;
    if (batch > 0) deps.mailer.wake();
    if (batch < BATCH) return claimed;
  }
}
