import { campaignToday } from '@pet-haven/shared/campaign-values';
import { formatCents } from '@pet-haven/shared/money';
import type { AppDeps } from '../../app-deps';
import { campaignEndedMail, campaignGoalReachedMail } from '../mail/mail.templates';
import { notify } from '../notifications/notifications.service';
import { claimEndedCampaigns, takeGoalNotices } from './campaigns.repository';

const BATCH = 20;

/**
 * Tells organisers their campaign reached its maximum (decision 045), from the notices the
 * recording of the donation that filled it wrote (`record_donation`): each notice is taken
 * (deleted) and its mail written in one transaction, `skip locked`, so two processes never tell
 * twice and a crash tells nobody half. The recording calls it for its campaign right after; the
 * campaign job for notices a stopped process left. Answers how many it took.
 */
export async function notifyGoalsReached(
  deps: Pick<AppDeps, 'config' | 'mailer' | 'database'>,
  campaignId?: string,
): Promise<number> {
  let taken = 0;
  for (;;) {
    const batch = await deps.database.db.transaction(async (tx) => {
      const notices = await takeGoalNotices(tx, campaignId ?? null, BATCH);
      for (const notice of notices) {
        if (!notice.ownerId) continue;
        await notify(deps, tx, notice.ownerId, 'campaign-updates', ({ name }) =>
          campaignGoalReachedMail({
            name,
            petName: notice.petName,
            amount: formatCents(notice.maximumCents),
            site: deps.mailer.site,
          }),
        );
      }
      return notices.length;
    });
    taken += batch;
    if (batch > 0) deps.mailer.wake();
    if (batch < BATCH) return taken;
  }
}

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
