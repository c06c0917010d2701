import sharp from 'sharp';
import type { TestContext } from './test-app';

/** Anything that sends requests like TestContext.request (the app in-process, or a running server). */
export type Requester = Pick<TestContext, 'request'>;

let colour = 0;

/** Uploads a small picture through POST /api/images and answers its display_url. */
export async function uploadPicture(ctx: Requester, token: string): Promise<string> {
  colour = (colour + 37) % 256;
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: colour, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pet.png');
  const res = await ctx.request('/api/images', { method: 'POST', token, body: form });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`upload failed: ${res.status} ${res.text}`);
  }
  return res.body.data.display_url as string;
}

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
  ctx: Requester,
  token: string,
  campaignId: string,
  amount: number,
  cardNumber = '4242 4242 4242 4242',
) {
  const intent = await ctx.request('/api/create-payment', {
    token,
    json: { donationAmount: amount, donationCampaignId: campaignId },
  });
  if (intent.status !== 200)
    throw new Error(`create-payment failed: ${intent.status} ${intent.text}`);
  const confirm = await ctx.request(`/api/test-payments/${intent.body.paymentIntentId}/confirm`, {
    token,
    json: {
      clientSecret: intent.body.clientSecret,
      cardNumber,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    },
  });
  return { intent: intent.body as { clientSecret: string; paymentIntentId: string }, confirm };
}
