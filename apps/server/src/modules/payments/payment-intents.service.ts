import { campaignToday } from '@pet-haven/shared/campaigns';
import { toCentsStrict } from '@pet-haven/shared/money';
import type { CreatePaymentBody } from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import type { AuthUser } from '../../lib/hono-env';
import { findRoomForPayment, startPayment } from './payments.repository';
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
 * in the statement that stores the reservation (`startPayment`), so concurrent donors can never
 * reserve more than remains. A donor holds at most one unpaid intent per campaign (a new one
 * replaces it, in the same statement) and at most MAX_OPEN_PAYMENTS_PER_DONOR in all, so nobody
 * can hold a campaign's remainder without paying.
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
  let replaced: string[] | null;
  try {
    const now = new Date();
    const values = {
      id: intent.id,
      provider: provider.name,
      campaignId,
      donorId: donor.id,
      amountCents,
      clientSecret: hashClientSecret(intent.clientSecret),
      expiresAt: new Date(now.getTime() + minutes * 60_000),
    };
    const rules = { now, today: campaignToday(now), maxOpenElsewhere: MAX_OPEN_PAYMENTS_PER_DONOR };
    // refused, the same rules on a new read say why. Writers that hold no lock of ours (a webhook
    // closing a payment, a donation recorded elsewhere, an expiry, another payment started since)
    // may have made room or taken it: with room, the guard is asked once more
    const sayWhyRefused = async () =>
      assertMayStart(
        await findRoomForPayment(db, campaignId, donor.id, now),
        amountCents,
        now,
        minutes,
      );
    // one statement: the donor's lock and the campaign's reservations (not its row: donations
    // being recorded never wait for them), closing the donor's payments this one replaces, and
    // the guarded insert (decisions 042 and 044)
    replaced = await startPayment(db, values, rules);
    if (!replaced) {
      await sayWhyRefused();
      replaced = await startPayment(db, values, rules);
    }
    if (!replaced) {
      await sayWhyRefused();
      throw campaignFull();
    }
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
