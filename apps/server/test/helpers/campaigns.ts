import { paymentsVia, testCard, type StartedPayment } from './payments';
import { uploadPicture } from './pictures';
import type { Requester, TestContext } from './test-app';

/** A date `days` from today, YYYY-MM-DD (UTC). */
export const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface CampaignInput {
  petName?: string;
  petPicture?: string;
  maxDonationAmount?: number;
  lastDate?: string;
  shortDescription?: string;
  longDescription?: string;
}

/** Creates a campaign through POST /api/create-donation-campaigns (uploading a picture). */
export async function createCampaignVia(
  ctx: Requester,
  token: string,
  input: CampaignInput = {},
): Promise<{ _id: string; [key: string]: unknown }> {
  const res = await ctx.request('/api/create-donation-campaigns', {
    token,
    json: {
      petName: 'Biscuit',
      petPicture: input.petPicture ?? (await uploadPicture(ctx, token)),
      maxDonationAmount: 500,
      lastDate: daysFromToday(30),
      shortDescription: 'Surgery for a brave dog',
      longDescription: 'Biscuit needs a knee operation and a few weeks of rest.',
      ...input,
    },
  });
  if (res.status !== 201) throw new Error(`create campaign failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Donates through the test provider: create-payment, then confirm with 4242 4242 4242 4242. */
export async function donateVia(
  ctx: Pick<TestContext, 'request' | 'database'>,
  token: string,
  campaignId: string,
  amount: number,
  cardNumber = '4242 4242 4242 4242',
) {
  const { startPayment, confirm: pay } = paymentsVia(ctx);
  const intent = await startPayment(token, campaignId, amount);
  if (intent.status !== 200)
    throw new Error(`create-payment failed: ${intent.status} ${intent.text}`);
  const started = intent.body as StartedPayment;
  const confirm = await pay(token, started, testCard(cardNumber));
  return { intent: started, confirm };
}

/** PATCH /api/update-donation/{id}: the owner (or an admin) changing some of a campaign's fields. */
export const updateCampaignVia = (
  ctx: Requester,
  token: string | undefined,
  id: string,
  changes: unknown,
) => ctx.request(`/api/update-donation/${id}`, { method: 'PATCH', token, json: changes });

/** PATCH /api/donations/{id}/pause: the owner pausing or resuming a campaign (a toggle). */
export const togglePauseVia = (ctx: Requester, token: string | undefined, id: string) =>
  ctx.request(`/api/donations/${id}/pause`, { method: 'PATCH', token });
