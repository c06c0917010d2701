import { campaignToday } from '@pet-haven/shared/campaign-values';
import { formatCents } from '@pet-haven/shared/money';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import {
  campaignEndedMail,
  campaignGoalReachedMail,
  type MailContent,
} from '../mail/mail.templates';
import { notify, type NotifiedUser } from '../notifications/notifications.service';
import { claimEndedCampaigns, takeGoalNotices } from './campaigns.repository';

type UpdateDeps = Pick<AppDeps, 'config' | 'mailer' | 'database'>;

const BATCH = 20;

/**
 * Tells organisers about their campaigns, a batch at a time: each batch is claimed (`claim`, with
 * `skip locked`) and its mail written in one transaction, so two processes never tell twice and a
 * crash tells nobody half. Answers how many it claimed.
 */
async function tellOrganisers<C extends { ownerId: string | null }>(
  deps: UpdateDeps,
  claim: (tx: Tx, limit: number) => Promise<C[]>,
  mail: (campaign: C, organiser: NotifiedUser) => MailContent,
): Promise<number> {
  let claimed = 0;
  for (;;) {
    const batch = await deps.database.db.transaction(async (tx) => {
      const campaigns = await claim(tx, BATCH);
      for (const campaign of campaigns) {
        if (!campaign.ownerId) continue;
        await notify(deps, tx, campaign.ownerId, 'campaign-updates', (organiser) =>
          mail(campaign, organiser),
        );
      }
      return campaigns.length;
    });
    claimed += batch;
    if (batch > 0) deps.mailer.wake();
    if (batch < BATCH) return claimed;
  }
}

/**
 * Tells organisers their campaign reached its maximum (decision 045), from the notices the
 * recording of the donation that filled it wrote (`record_donation`), each taken (deleted) once.
 * The recording calls it for its campaign right after; the campaign job for notices a stopped
 * process left. Answers how many it took.
 */
export function notifyGoalsReached(deps: UpdateDeps, campaignId?: string): Promise<number> {
  return tellOrganisers(
    deps,
    (tx, limit) => takeGoalNotices(tx, campaignId ?? null, limit),
    (notice, { name }) =>
      campaignGoalReachedMail({
        name,
        petName: notice.petName,
        amount: formatCents(notice.maximumCents),
        site: deps.mailer.site,
      }),
  );
}

/**
 * The campaign-end job (every process runs it now and then): tells the organiser of each campaign
 * whose last date has passed everywhere on Earth, once. Answers how many campaigns it claimed.
 */
export function notifyEndedCampaigns(deps: UpdateDeps & Pick<AppDeps, 'now'>): Promise<number> {
  return tellOrganisers(
    deps,
    (tx, limit) => {
      const now = deps.now();
      return claimEndedCampaigns(tx, campaignToday(now), now, limit);
    },
    (campaign, { name }) =>
      campaignEndedMail({
        name,
        petName: campaign.petName,
        raised: formatCents(campaign.raisedCents),
        maximum: formatCents(campaign.maxDonationCents),
        site: deps.mailer.site,
      }),
  );
}
