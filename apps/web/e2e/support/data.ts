import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';
import { adminUser, apiCall, loginViaApi, registerViaApi, type TestUser } from './auth';
import { appOrigin } from './paths';

/**
 * Test data through the API, for specs that need pets and campaigns to exist (admin, walk-through).
 * Pictures are PNGs made here (no network) and uploaded like the forms do.
 */

/** A small solid-colour PNG. */
export function solidPng(width = 64, height = 48, rgb: [number, number, number] = [124, 58, 237]) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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
