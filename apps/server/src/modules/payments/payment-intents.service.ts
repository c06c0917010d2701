import { toCentsStrict } from '@pet-haven/shared/money';
import type { CreatePaymentBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import type { AuthUser } from '../../lib/hono-env';
import {
  cancelOpenIntentsOfDonor,
  countOpenIntentsOfDonor,
  findCampaignMoney,
  insertIntent,
  lockCampaignMoney,
  lockDonorPayments,
  reservedCents,
} from './payments.repository';
import { assertCanTake, assertMayOpenAnother } from './payments.rules';
import { hashClientSecret } from './payments.secrets';

type Deps = Pick<AppDeps, 'database' | 'logger' | 'paymentProvider'>;

/** A payment the donor's browser now confirms with the provider, with this client secret. */
export interface StartedPayment {
  id: string;
  clientSecret: string;
}

/**
 * POST /api/create-payment: reserves the amount against the campaign's maximum and creates the
 * provider's intent. The money rules run once without a lock (to refuse early without calling
 * the provider) and again with the campaign row locked, in the transaction that stores the
 * reservation, so concurrent donors can never reserve more than remains. A donor holds at most
 * one unpaid intent per campaign (a new one replaces it, in the same transaction) and at most
 * MAX_OPEN_PAYMENTS_PER_DONOR in all, so nobody can hold a campaign's remainder without paying.
 */
export async function createPayment(
  deps: Deps,
  donor: AuthUser,
  body: CreatePaymentBody,
): Promise<StartedPayment> {
  const db = deps.database.db;
  const provider = deps.paymentProvider;
  const amountCents = toCentsStrict(body.donationAmount);
  const campaignId = body.donationCampaignId;
  const minutes = provider.reservationMinutes;

  const campaign = await findCampaignMoney(db, campaignId);
  const early = new Date();
  assertCanTake(
    campaign,
    await reservedCents(db, campaignId, early, donor.id),
    amountCents,
    early,
    minutes,
  );
  assertMayOpenAnother(await countOpenIntentsOfDonor(db, donor.id, early, campaignId), minutes);

  const intent = await provider.createIntent({
    amountCents,
    campaignId,
    donorId: donor.id,
    description: `Donation to ${campaign!.petName}`,
  });
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      const now = new Date();
      const locked = await lockCampaignMoney(tx, campaignId);
      await lockDonorPayments(tx, donor.id);
      assertMayOpenAnother(await countOpenIntentsOfDonor(tx, donor.id, now, campaignId), minutes);
      const previous = await cancelOpenIntentsOfDonor(tx, campaignId, donor.id);
      assertCanTake(locked, await reservedCents(tx, campaignId, now), amountCents, now, minutes);
      await insertIntent(tx, {
        id: intent.id,
        provider: provider.name,
        campaignId,
        donorId: donor.id,
        amountCents,
        clientSecret: hashClientSecret(intent.clientSecret),
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      });
      return previous;
    });
  } catch (err) {
    await cancelAtProvider(deps, intent.id, 'Could not cancel an unused intent');
    throw err;
  }
  // the replaced intents reserve nothing any more; the provider forgets them too (best effort)
  for (const id of replaced) await cancelAtProvider(deps, id, 'Could not cancel a replaced intent');
  return intent;
}

async function cancelAtProvider(deps: Deps, id: string, warning: string): Promise<void> {
  await deps.paymentProvider.cancelIntent(id).catch((err: unknown) => {
    deps.logger.warn({ err, paymentIntentId: id }, warning);
  });
}
