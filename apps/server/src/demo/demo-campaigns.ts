import { campaignToday } from '@pet-haven/shared/campaigns';
import { createCampaign, toggleCampaignPause } from '../modules/campaigns/campaigns.service';
import { createPayment } from '../modules/payments/payment-intents.service';
import { TestPaymentProvider } from '../modules/payments/test-payments.provider';
import { confirmTestPayment } from '../modules/payments/test-payments.service';
import type { DemoContext, DemoUserKey } from './demo-context';
import { demoPets } from './demo-pets';
import { petSvg, svgToPng } from './demo-pictures';

interface DemoCampaign {
  pet: string;
  owner: DemoUserKey;
  maxDonationAmount: number;
  daysLeft: number;
  shortDescription: string;
  longDescription: string;
  /** Donations by the other demo user, in dollars. */
  donations: number[];
  paused?: boolean;
}

/** Campaigns for the demo pets, oldest first: progress from none to fully funded, one paused. */
export const demoCampaigns: DemoCampaign[] = [
  {
    pet: 'Whiskers',
    owner: 'bob',
    maxDonationAmount: 500,
    daysLeft: 40,
    shortDescription: 'Dental surgery so Whiskers can eat without pain.',
    longDescription:
      'Whiskers needs three teeth removed and a deep clean under anaesthesia. Your gift pays for the surgery, the pain relief and a check-up a week later.',
    donations: [120, 65.5],
  },
  {
    pet: 'Kiwi',
    owner: 'alice',
    maxDonationAmount: 250,
    daysLeft: 25,
    shortDescription: 'A roomy aviary for Kiwi and her friends.',
    longDescription:
      'Kiwi was rescued from a tiny cage. A proper aviary lets her stretch her wings while she waits for a family who will love her.',
    donations: [40],
  },
  {
    pet: 'Mittens',
    owner: 'bob',
    maxDonationAmount: 150,
    daysLeft: 14,
    shortDescription: 'Vaccinations and neutering for Mittens.',
    longDescription:
      'Every kitten leaving our care is vaccinated and neutered. Mittens is ready for his appointment: thanks to you, it is fully paid!',
    donations: [100, 50],
  },
  {
    pet: 'Rocky',
    owner: 'bob',
    maxDonationAmount: 1200,
    daysLeft: 60,
    shortDescription: 'Hip treatment and physiotherapy for Rocky.',
    longDescription:
      'Rocky was found with an injured hip. Treatment and ten physiotherapy sessions will get him running again before he finds a home.',
    donations: [],
  },
  {
    pet: 'Daisy',
    owner: 'alice',
    maxDonationAmount: 300,
    daysLeft: 30,
    shortDescription: 'Puppy school and a warm winter bed for Daisy.',
    longDescription:
      'Daisy is learning fast. A few weeks of puppy school and a warm bed will make her the perfect family dog.',
    donations: [25, 15.75],
  },
  {
    pet: 'Spike',
    owner: 'alice',
    maxDonationAmount: 400,
    daysLeft: 45,
    shortDescription: 'A heated terrarium for Spike (paused while we get quotes).',
    longDescription:
      'Spike needs a heated terrarium with UV lighting. The campaign is paused while we compare quotes from suppliers.',
    donations: [],
    paused: true,
  },
];

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Adds the demo campaigns through the same services the API uses, and pays their donations
 * through the built-in test provider with Stripe's 4242 test card (whatever provider the
 * server runs with), so the list, progress bars, donators and My Donations show something.
 */
export async function seedDemoCampaigns(ctx: DemoContext): Promise<void> {
  const deps = ctx.deps;
  // The one exception to deps.paymentProvider: demo donations are never charged for real. The
  // same deps with that part replaced.
  const payments = { ...deps, paymentProvider: new TestPaymentProvider(deps.database.db) };
  const today = campaignToday();
  const expYear = new Date().getUTCFullYear() + 3;

  for (const c of demoCampaigns) {
    const pet = demoPets.find((p) => p.petName === c.pet);
    if (!pet) throw new Error(`Demo campaign for an unknown demo pet: ${c.pet}`);
    // The same drawing as the pet's picture: the same bytes, so the same stored image.
    const picture = await ctx.storePicture(await svgToPng(petSvg(pet.petCategory, pet.palette)));
    const owner = ctx.users[c.owner];
    const campaign = await createCampaign(deps, owner, {
      petName: c.pet,
      petPicture: picture,
      maxDonationAmount: c.maxDonationAmount,
      lastDate: addDays(today, c.daysLeft),
      shortDescription: c.shortDescription,
      longDescription: c.longDescription,
    });
    const donor = ctx.users[c.owner === 'alice' ? 'bob' : 'alice'];
    for (const amount of c.donations) {
      const intent = await createPayment(payments, donor, {
        donationAmount: amount,
        donationCampaignId: campaign.id,
      });
      await confirmTestPayment(payments, donor, intent.id, {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear,
        cvc: '123',
      });
    }
    if (c.paused) await toggleCampaignPause(deps, owner, campaign.id);
  }
}
