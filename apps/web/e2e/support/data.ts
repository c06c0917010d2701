import type { CreatePaymentAnswer } from '@pet-haven/shared/payments';
import type { BrowserContext } from '@playwright/test';
import { pngFile } from '../../../../tools/fixtures/png';
import { adminUser, apiCall, loginViaApi, registerViaApi, type TestUser } from './auth';
import { appOrigin } from './paths';

/**
 * Test data through the API, for specs that need pets and campaigns to exist (admin, walk-through).
 * Pictures are PNGs made by hand (tools/fixtures/png.ts, no network) and uploaded like the forms do.
 */

/** A small solid-colour PNG. */
export function solidPng(width = 64, height = 48, rgb: [number, number, number] = [124, 58, 237]) {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return pngFile(
    width,
    height,
    'truecolour',
    Buffer.concat(Array.from({ length: height }, () => row)),
  );
}

/** POST /api/images with a generated PNG; answers the display_url. */
export async function uploadPicture(token: string, rgb?: [number, number, number]) {
  const form = new FormData();
  form.append(
    'image',
    new Blob([new Uint8Array(solidPng(64, 48, rgb))], { type: 'image/png' }),
    'pet.png',
  );
  const res = await fetch(`${appOrigin()}/api/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/images answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { display_url: string } }).data.display_url;
}

export interface CreatedPet {
  _id: string;
  petName: string;
  adopted: boolean;
}

export async function createPet(
  token: string,
  petName: string,
  extra: Record<string, unknown> = {},
) {
  const petImage = await uploadPicture(token, [234, 88, 12]);
  return apiCall<CreatedPet>('/api/add-pet', {
    token,
    json: {
      petImage,
      petName,
      petAge: '2 years',
      petLocation: 'Dhaka',
      petCategory: 'dog',
      shortDescription: `${petName} is a friendly dog.`,
      longDescription: `${petName} loves walks and naps in the sun.`,
      ...extra,
    },
  });
}

export interface CreatedCampaign {
  _id: string;
  petName: string;
  paused: boolean;
}

export async function createCampaign(token: string, petName: string) {
  const petPicture = await uploadPicture(token, [217, 119, 6]);
  return apiCall<CreatedCampaign>('/api/create-donation-campaigns', {
    token,
    json: {
      petName,
      petPicture,
      maxDonationAmount: 500,
      lastDate: `${new Date().getUTCFullYear() + 1}-12-31`,
      shortDescription: `Help ${petName} get well.`,
      longDescription: `${petName} needs surgery and a warm place to recover.`,
    },
  });
}

/** A donation through the API, as the donate dialog makes it: with the test card 4242 4242 4242 4242. */
export async function donateViaApi(token: string, campaignId: string, amount: number) {
  const { clientSecret, paymentIntentId } = await apiCall<CreatePaymentAnswer>(
    '/api/create-payment',
    { token, json: { donationAmount: amount, donationCampaignId: campaignId } },
  );
  // the test provider's confirm records the donation as it charges: nothing left to report
  await apiCall(`/api/test-payments/${encodeURIComponent(paymentIntentId)}/confirm`, {
    token,
    json: {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 1,
      cvc: '123',
    },
  });
}

/**
 * Signs the context in as the e2e admin (ADMIN_EMAILS). Every spec file of a worker shares one database,
 * so the admin may already exist: sign in, and register only the first time.
 */
export async function signInAdmin(context: BrowserContext, admin: TestUser = adminUser()) {
  try {
    return { user: admin, token: await loginViaApi(context, admin) };
  } catch {
    return registerViaApi(context, admin);
  }
}
