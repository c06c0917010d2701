import { toCentsStrict } from '@pet-haven/shared/money';
import type { CreatePaymentBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import type { AuthUser } from '../../lib/hono-env';
import {
  countOpenIntentsOfDonor,
  findCampaignRoom,
  lockCampaignReservations,
  lockDonorPayments,
  replaceOpenIntentsOfDonor,
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
 * provider's intent. The money rules run once without a lock when the provider is called over the
 * network (to refuse early without calling it) and always holding the campaign's reservation lock,
 * in the transaction that stores the reservation, so concurrent donors can never reserve more than
 * remains. A donor holds at most
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

  let description = 'Donation';
  if (provider.remote) {
    // refused early, before asking the provider over the network (checked again under the lock)
    const early = new Date();
    const room = await findCampaignRoom(db, campaignId, early, donor.id);
    assertCanTake(room?.campaign ?? null, room?.reservedCents ?? 0, amountCents, early, minutes);
    assertMayOpenAnother(await countOpenIntentsOfDonor(db, donor.id, early, campaignId), minutes);
    description = `Donation to ${room!.campaign.petName}`;
  }

  const intent = await provider.createIntent({
    amountCents,
    campaignId,
    donorId: donor.id,
    description,
  });
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      const now = new Date();
      // the donor's own lock and count first: the campaign's reservations stay locked only for
      // what concerns them (a hot campaign's donors wait on it in turn); nobody holding a
      // campaign's lock ever waits for a donor's, so the two orders cannot deadlock
      await lockDonorPayments(tx, donor.id);
      assertMayOpenAnother(await countOpenIntentsOfDonor(tx, donor.id, now, campaignId), minutes);
      // the campaign's reservations, not its row: donations being recorded never wait for this
      // (decision 042); the campaign and what is reserved in one snapshot, the donor's unpaid
      // intents here left out (this one replaces them)
      await lockCampaignReservations(tx, campaignId);
      const room = await findCampaignRoom(tx, campaignId, now, donor.id);
      assertCanTake(room?.campaign ?? null, room?.reservedCents ?? 0, amountCents, now, minutes);
      return replaceOpenIntentsOfDonor(tx, {
        id: intent.id,
        provider: provider.name,
        campaignId,
        donorId: donor.id,
        amountCents,
        clientSecret: hashClientSecret(intent.clientSecret),
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      });
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
