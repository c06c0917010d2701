import { describe, expect, it } from 'vitest';
import { cookiesOf, requestToken, SITE_ORIGIN } from '../../test/helpers/sessions';
import { useTestContext } from '../../test/helpers/test-app';
import { demoCampaigns } from './demo-campaigns';
import { demoUsers } from './demo-context';
import { seedDemoData } from './demo-data';

const ctx = useTestContext();

async function signIn(email: string, password: string): Promise<string> {
  const res = await ctx.request('/api/auth/sign-in/email', {
    json: { email, password },
    headers: { origin: SITE_ORIGIN },
  });
  return (await requestToken(ctx, cookiesOf(res), {})).body.token as string;
}

describe('demo campaigns', () => {
  it('adds campaigns for the demo pets, with donations, progress and a paused one', async () => {
    await seedDemoData(ctx.deps);

    const list = await ctx.request('/api/donation-campaigns?page=1');
    expect(list.status).toBe(200);
    const active = demoCampaigns.filter((c) => !c.paused);
    expect(list.body).toHaveLength(active.length);
    // Newest first: the last demo campaign that is not paused comes first.
    expect(list.body[0].petName).toBe(active[active.length - 1]!.pet);
    const byName = new Map<
      string,
      { donatedAmount: number; maxDonationAmount: number; petPicture: string }
    >(list.body.map((c: { petName: string }) => [c.petName, c]));
    for (const c of active) {
      const shown = byName.get(c.pet)!;
      expect(shown.donatedAmount, c.pet).toBe(c.donations.reduce((a, b) => a + b, 0));
      expect(shown.maxDonationAmount).toBe(c.maxDonationAmount);
    }
    expect(byName.get('Mittens')!.donatedAmount).toBe(byName.get('Mittens')!.maxDonationAmount);
    const picture = await ctx.request(byName.get('Whiskers')!.petPicture);
    expect(picture.status).toBe(200);

    const bob = await signIn(demoUsers.bob.email, demoUsers.bob.password);
    const mine = await ctx.request('/api/donations', { token: bob });
    const whiskers = mine.body.find((c: { petName: string }) => c.petName === 'Whiskers');
    const donators = await ctx.request(`/api/donations/${whiskers._id}/donators`, { token: bob });
    expect(donators.body.map((d: { name: string; amount: number }) => [d.name, d.amount])).toEqual([
      [demoUsers.alice.name, 65.5],
      [demoUsers.alice.name, 120],
    ]);
    const alice = await signIn(demoUsers.alice.email, demoUsers.alice.password);
    const aliceDonations = await ctx.request('/api/user/donations', { token: alice });
    expect(aliceDonations.body.length).toBeGreaterThanOrEqual(4);
    const aliceCampaigns = await ctx.request('/api/donations', { token: alice });
    expect(aliceCampaigns.body.find((c: { petName: string }) => c.petName === 'Spike').paused).toBe(
      true,
    );
  });
});
