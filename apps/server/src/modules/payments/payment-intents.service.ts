import { campaignToday } from '@pet-haven/shared/campaigns';
import { toCentsStrict } from '@pet-haven/shared/money';
import type { CreatePaymentBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import type { AuthUser } from '../../lib/hono-env';
import {
  cancelOpenIntentsOfDonorOn,
  findRoomForPayment,
  insertIntentIfRoom,
  lockDonorThenReservations,
} from './payments.repository';
import { assertMayStart, campaignFull, MAX_OPEN_PAYMENTS_PER_DONOR } from './payments.rules';
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
 * remains. A donor holds at most one unpaid intent per campaign (a new one replaces it, in the same
 * transaction) and at most MAX_OPEN_PAYMENTS_PER_DONOR in all, so nobody can hold a campaign's
 * remainder without paying.
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
    // refused early, before asking the provider over the network (checked again under the locks)
    const early = new Date();
    const room = await findRoomForPayment(db, campaignId, donor.id, early);
    assertMayStart(room, amountCents, early, minutes);
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
      // the donor's lock (their calls one at a time), then the campaign's reservations, not its
      // row: donations being recorded never wait for them (decision 042). Every payment on a hot
      // campaign waits for them in turn: they are held for two statements and the commit.
      // Taken before any intent row, as the campaign side takes them (no deadlock with a pause).
      await lockDonorThenReservations(tx, donor.id, campaignId);
      // this payment replaces the donor's open ones here: closed first (waiting for one being
      // confirmed), so the guard below sees its money once, as raised or not at all
      const replaced = await cancelOpenIntentsOfDonorOn(tx, donor.id, campaignId);
      const values = {
        id: intent.id,
        provider: provider.name,
        campaignId,
        donorId: donor.id,
        amountCents,
        clientSecret: hashClientSecret(intent.clientSecret),
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      };
      const rules = {
        now,
        today: campaignToday(now),
        maxOpenElsewhere: MAX_OPEN_PAYMENTS_PER_DONOR,
      };
      for (let attempt = 0; !(await insertIntentIfRoom(tx, values, rules)); attempt += 1) {
        // refused by the guard: the same rules on a new read say why. Writers that hold no lock
        // of ours (a webhook closing a payment, a donation recorded elsewhere) may have made room
        // since: then the guard is asked once more
        assertMayStart(
          await findRoomForPayment(tx, campaignId, donor.id, now),
          amountCents,
          now,
          minutes,
        );
        if (attempt > 0) throw campaignFull();
      }
      return replaced;
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
