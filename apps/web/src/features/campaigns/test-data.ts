import type { Campaign, Donator, MyDonation } from '@pet-haven/shared/campaigns';

/** Test data in the API's shapes (used by the campaigns feature's tests only). */
let seq = 0;
const hex = (n: number) => n.toString(16).padStart(64, '0');
const uuid = (n: number) => `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;

/** A date `days` from today as YYYY-MM-DD. */
export function isoDateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  seq += 1;
  return {
    _id: uuid(seq),
    petName: `Campaign pet ${seq}`,
    petPicture: `/api/images/${hex(seq)}-1600w.webp`,
    maxDonationAmount: 500,
    donatedAmount: 100,
    lastDate: isoDateFromToday(30),
    shortDescription: 'Help with vet bills.',
    longDescription: 'A long story about a pet who needs surgery and a warm home.',
    userEmail: 'owner@example.com',
    paused: false,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, seq)).toISOString(),
    ...overrides,
  };
}

export function makeDonator(overrides: Partial<Donator> = {}): Donator {
  seq += 1;
  return { id: uuid(2000 + seq), name: `Donor ${seq}`, amount: 25, ...overrides };
}

export function makeMyDonation(overrides: Partial<MyDonation> = {}): MyDonation {
  seq += 1;
  return {
    _id: uuid(3000 + seq),
    campaignId: uuid(seq),
    petName: `Campaign pet ${seq}`,
    petPicture: `/api/images/${hex(seq)}-1600w.webp`,
    amount: 25,
    date: new Date(Date.UTC(2026, 10, 3, 15, 0, seq)).toISOString(),
    ...overrides,
  };
}
