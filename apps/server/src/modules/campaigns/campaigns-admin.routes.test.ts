import { describe, expect, it } from 'vitest';
import { auditEntriesFor, expectAdminOnly } from '../../../test/helpers/admin';
import {
  createCampaignVia,
  donateVia,
  togglePauseVia,
  updateCampaignVia,
} from '../../../test/helpers/campaigns';
import { expectError, expectInvalid } from '../../../test/helpers/expect';
import { MISSING_ID, type TestUser } from '../../../test/helpers/factories';
import { paymentsVia } from '../../../test/helpers/payments';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

const ctx = useTestContext();
const { admin, owner, donor, stranger } = useUsers(ctx, {
  admin: { name: 'Ada Admin', role: 'admin' },
  owner: { name: 'Olive Owner' },
  donor: { name: 'Dan Donor' },
  stranger: {},
});

const { startPayment, record: recordDonation } = paymentsVia(ctx);

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

const createCampaign = (petName: string, maxDonationAmount = 500) =>
  createCampaignVia(ctx, owner.token, {
    petName,
    maxDonationAmount,
    lastDate: nextYear,
    shortDescription: `Help ${petName}`,
    longDescription: `${petName} needs help.`,
  });

/** A donation made the way the browser makes it in test mode: intent, card, record. */
async function donate(user: TestUser, campaignId: string, amount: number) {
  const { intent, confirm } = await donateVia(ctx, user.token, campaignId, amount);
  expect(confirm.status).toBe(200);
  const record = await recordDonation(user.token, {
    donationId: campaignId,
    amount,
    paymentIntentId: intent.paymentIntentId,
  });
  expect(record.status).toBe(200);
}

const auditFor = (targetId: string) => auditEntriesFor(ctx, admin.token, targetId);

const publicIds = async () => {
  const res = await ctx.request('/api/donation-campaigns?page=1');
  return (res.body as Array<{ _id: string }>).map((c) => c._id);
};

/** PATCH /api/admin/donation-campaigns/{id} as the admin. */
const adminPatch = (id: string, json: unknown) =>
  ctx.request(`/api/admin/donation-campaigns/${id}`, { method: 'PATCH', token: admin.token, json });

const adminDelete = (id: string) =>
  ctx.request(`/api/admin/donation-campaigns/${id}`, { method: 'DELETE', token: admin.token });

describe('admin campaign routes: who may call', () => {
  it('refuse anonymous callers with 401 and signed-in non-admins with 403, whatever the input', async () => {
    const c = await createCampaign('Guarded');
    await expectAdminOnly(
      ctx,
      [
        { path: '/api/admin/donation-campaigns', method: 'GET' },
        { path: '/api/admin/donation-campaigns?page=zero', method: 'GET' },
        { path: `/api/admin/donation-campaigns/${c._id}`, method: 'DELETE' },
        { path: `/api/admin/donation-campaigns/${c._id}`, method: 'PATCH', json: { paused: true } },
        { path: '/api/admin/donation-campaigns/not-a-uuid', method: 'PATCH', json: { paused: 1 } },
      ],
      [owner],
    );
    // nothing changed
    const details = await ctx.request(`/api/donations/${c._id}`);
    expect(details.status).toBe(200);
    expect(details.body.paused).toBe(false);
  });
});

describe('GET /api/admin/donation-campaigns', () => {
  it('lists every live campaign, paused ones included, newest first, paged with X-Total-Count', async () => {
    const paused = await createCampaign('Paused One');
    await togglePauseVia(ctx, owner.token, paused._id);
    const all = await ctx.request('/api/admin/donation-campaigns?limit=100', {
      token: admin.token,
    });
    expect(all.status).toBe(200);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    const found = all.body.find((c: { _id: string }) => c._id === paused._id);
    expect(found).toMatchObject({ petName: 'Paused One', paused: true });
    expect(found.userEmail).toBe(owner.email);
    const dates = all.body.map((c: { createdAt: string }) => c.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page2 = await ctx.request('/api/admin/donation-campaigns?page=2&limit=1', {
      token: admin.token,
    });
    expect(page2.status).toBe(200);
    expect(page2.body).toHaveLength(1);
    expect(page2.body[0]._id).toBe(all.body[1]._id);
    expect(page2.headers.get('x-total-count')).toBe(String(total));
  });

  it.each(['page=0', 'limit=1000', 'page=abc'])(
    'refuses %s with a 400 naming the field',
    async (q) => {
      const res = await ctx.request(`/api/admin/donation-campaigns?${q}`, { token: admin.token });
      expect(expectInvalid(res)[0]).toMatch(/^query\.(page|limit)$/);
    },
  );
});

describe('PATCH /api/admin/donation-campaigns/{id}', () => {
  it('pauses and unpauses with the value sent, moves it out of and back into /donation, and audits both', async () => {
    const c = await createCampaign('Toggle Me');
    expect(await publicIds()).toContain(c._id);

    const pause = await adminPatch(c._id, { paused: true });
    expect(pause.status).toBe(200);
    expect(pause.body).toMatchObject({ _id: c._id, paused: true });
    expect(await publicIds()).not.toContain(c._id);

    // sending the same value again is not a toggle
    const again = await adminPatch(c._id, { paused: true });
    expect(again.body.paused).toBe(true);

    const resume = await adminPatch(c._id, { paused: false });
    expect(resume.body.paused).toBe(false);
    expect(await publicIds()).toContain(c._id);

    const entries = await auditFor(c._id);
    expect(entries.map((e) => e.action)).toEqual([
      'campaign.unpause',
      'campaign.pause',
      'campaign.pause',
    ]);
    expect(entries[2]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'campaign',
      before: { paused: false },
      after: { paused: true },
    });
    expect(Number.isNaN(Date.parse(entries[2]!.createdAt))).toBe(false);
  });

  it('answers 400 naming the field for a bad body or id, and 404 for an unknown campaign', async () => {
    const c = await createCampaign('Bad Input');
    for (const json of [{}, { paused: 'yes' }, { paused: true, extra: 1 }]) {
      expectInvalid(await adminPatch(c._id, json));
    }
    expectError(await adminPatch(c._id, '{not json'), 400);
    expect(expectInvalid(await adminPatch('42', { paused: true }))[0]).toBe('param.id');
    expectError(await adminPatch(MISSING_ID, { paused: true }), 404, 'NOT_FOUND');
  });
});

describe('an admin pause holds against the owner', () => {
  it('the owner cannot unpause a campaign an admin paused; after the admin resumes it, the owner toggles again', async () => {
    const c = await createCampaign('Held');
    const adminSets = (paused: boolean) => adminPatch(c._id, { paused });
    const ownerToggles = () => togglePauseVia(ctx, owner.token, c._id);

    const paused = await adminSets(true);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ paused: true, pausedByAdmin: true });
    expect(expectError(await ownerToggles(), 403, 'FORBIDDEN').message).toContain('admin');
    expect((await ctx.request(`/api/donations/${c._id}`)).body).toMatchObject({
      paused: true,
      pausedByAdmin: true,
    });
    expect(await publicIds()).not.toContain(c._id);

    const resumed = await adminSets(false);
    expect(resumed.body).toMatchObject({ paused: false, pausedByAdmin: false });
    expect((await ownerToggles()).body).toEqual({ paused: true });
    expect((await ctx.request(`/api/donations/${c._id}`)).body.pausedByAdmin).toBe(false);
    // an admin pausing a campaign the owner paused makes it the admin's pause
    expect((await adminSets(true)).body.pausedByAdmin).toBe(true);
    expect((await ownerToggles()).status).toBe(403);
  });
});

describe('DELETE /api/admin/donation-campaigns/{id}', () => {
  it('erases a campaign without donations and audits it', async () => {
    const c = await createCampaign('Erase Me');
    const res = await adminDelete(c._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1, archived: false });
    expect((await ctx.request(`/api/donations/${c._id}`)).status).toBe(404);
    expect(await publicIds()).not.toContain(c._id);
    const [entry] = await auditFor(c._id);
    expect(entry).toMatchObject({
      action: 'campaign.delete',
      actorEmail: admin.email,
      before: { _id: c._id, petName: 'Erase Me' },
      after: null,
    });
    expect((await adminDelete(c._id)).status).toBe(404);
  });

  it('archives a campaign with donations: it leaves every list and refuses donations, its donors still see their donations and the totals add up', async () => {
    const c = await createCampaign('Archive Me', 500);
    await donate(donor, c._id, 25);
    await donate(donor, c._id, 10.5);
    await donate(stranger, c._id, 4.5);
    const before = await ctx.request(`/api/donations/${c._id}`);
    expect(before.body.donatedAmount).toBe(40);

    const res = await adminDelete(c._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1, archived: true });

    // it leaves every list
    expect(await publicIds()).not.toContain(c._id);
    const adminList = await ctx.request('/api/admin/donation-campaigns?limit=100', {
      token: admin.token,
    });
    expect(adminList.body.map((x: { _id: string }) => x._id)).not.toContain(c._id);
    expect((await ctx.request(`/api/donations/${c._id}`)).status).toBe(404);

    // but its owner still sees it in My Donation Campaigns, marked archived, with its donators
    const ownerList = await ctx.request('/api/donations', { token: owner.token });
    const archivedForOwner = ownerList.body.find((x: { _id: string }) => x._id === c._id);
    expect(archivedForOwner).toMatchObject({
      petName: 'Archive Me',
      archived: true,
      donatedAmount: 40,
    });
    expect(ownerList.body.filter((x: { archived: boolean }) => !x.archived).length).toBeGreaterThan(
      0,
    );
    const donators = await ctx.request(`/api/donations/${c._id}/donators`, {
      token: owner.token,
    });
    expect(donators.status).toBe(200);
    expect(donators.body.map((x: { amount: number }) => x.amount).sort()).toEqual([10.5, 25, 4.5]);
    expect(
      (await ctx.request(`/api/donations/${c._id}/donators`, { token: stranger.token })).status,
    ).toBe(403);
    // read-only: the owner can neither pause nor edit it
    expect((await togglePauseVia(ctx, owner.token, c._id)).status).toBe(404);
    const ownerEdit = await updateCampaignVia(ctx, owner.token, c._id, { petName: 'Changed' });
    expect(ownerEdit.status).toBe(404);

    // it refuses donations
    const refused = await startPayment(donor.token, c._id, 5);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    // its donors still see their donations, and the totals add up
    const mine = await ctx.request('/api/user/donations', { token: donor.token });
    expect(mine.status).toBe(200);
    const forCampaign = mine.body.filter((d: { campaignId: string }) => d.campaignId === c._id);
    expect(forCampaign.map((d: { amount: number }) => d.amount).sort()).toEqual([10.5, 25]);
    expect(forCampaign[0].petName).toBe('Archive Me');
    const theirs = await ctx.request('/api/user/donations', { token: stranger.token });
    expect(theirs.body.filter((d: { campaignId: string }) => d.campaignId === c._id)).toHaveLength(
      1,
    );

    // the audit entry keeps the state before (with the raised amount) and after
    const [entry] = await auditFor(c._id);
    expect(entry).toMatchObject({
      action: 'campaign.archive',
      actorId: admin.id,
      before: { petName: 'Archive Me', donatedAmount: 40, paused: false },
      after: { donatedAmount: 40, archivedAt: expect.any(String) },
    });

    // and it cannot be deleted or paused again
    expect((await adminDelete(c._id)).status).toBe(404);
    expect((await adminPatch(c._id, { paused: false })).status).toBe(404);
  });
});
