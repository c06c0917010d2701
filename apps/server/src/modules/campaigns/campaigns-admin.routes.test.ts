import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface AuditEntry {
  action: string;
  targetId: string;
  createdAt: string;
  after: Record<string, unknown> | null;
}
import { createAdmin, createUser, type TestUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let donor: TestUser;
let stranger: TestUser;
let picture: string;

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, { name: 'Ada Admin' });
  owner = await createUser(ctx.database.db, { name: 'Olive Owner' });
  donor = await createUser(ctx.database.db, { name: 'Dan Donor' });
  stranger = await createUser(ctx.database.db);
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 40, b: 160 } },
  })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'luna.png');
  const up = await ctx.request('/api/images', { method: 'POST', token: owner.token, body: fd });
  expect(up.status).toBe(201);
  picture = up.body.data.display_url;
});
afterAll(() => ctx.close());

async function createCampaign(petName: string, maxDonationAmount = 500) {
  const res = await ctx.request('/api/create-donation-campaigns', {
    token: owner.token,
    json: {
      petName,
      petPicture: picture,
      maxDonationAmount,
      lastDate: nextYear,
      shortDescription: `Help ${petName}`,
      longDescription: `${petName} needs help.`,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; petName: string };
}

/** A donation made the way the browser makes it in test mode: intent, card, record. */
async function donate(user: TestUser, campaignId: string, amount: number) {
  const intent = await ctx.request('/api/create-payment', {
    token: user.token,
    json: { donationAmount: amount, donationCampaignId: campaignId },
  });
  expect(intent.status).toBe(200);
  const confirm = await ctx.request(`/api/test-payments/${intent.body.paymentIntentId}/confirm`, {
    token: user.token,
    json: {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    },
  });
  expect(confirm.status).toBe(200);
  const record = await ctx.request('/api/donations/record', {
    token: user.token,
    json: { donationId: campaignId, amount, paymentIntentId: intent.body.paymentIntentId },
  });
  expect(record.status).toBe(200);
}

const auditFor = async (targetId: string) => {
  const res = await ctx.request('/api/admin/audit-log?limit=100', { token: admin.token });
  expect(res.status).toBe(200);
  return (res.body as AuditEntry[]).filter((e) => e.targetId === targetId);
};

const publicIds = async () => {
  const res = await ctx.request('/api/donation-campaigns?page=1');
  return (res.body as Array<{ _id: string }>).map((c) => c._id);
};

describe('admin campaign routes: who may call', () => {
  it('refuse anonymous callers with 401 and signed-in non-admins with 403, whatever the input', async () => {
    const c = await createCampaign('Guarded');
    const calls = [
      { path: '/api/admin/donation-campaigns', method: 'GET' },
      { path: '/api/admin/donation-campaigns?page=zero', method: 'GET' },
      { path: `/api/admin/donation-campaigns/${c._id}`, method: 'DELETE' },
      { path: `/api/admin/donation-campaigns/${c._id}`, method: 'PATCH', json: { paused: true } },
      { path: '/api/admin/donation-campaigns/not-a-uuid', method: 'PATCH', json: { paused: 1 } },
    ];
    for (const call of calls) {
      const anonymous = await ctx.request(call.path, call);
      expect(anonymous.status, `${call.method} ${call.path} anonymous`).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHORIZED');
      const owning = await ctx.request(call.path, { ...call, token: owner.token });
      expect(owning.status, `${call.method} ${call.path} as the owner`).toBe(403);
      expect(owning.body.code).toBe('FORBIDDEN');
    }
    // nothing changed
    const details = await ctx.request(`/api/donations/${c._id}`);
    expect(details.status).toBe(200);
    expect(details.body.paused).toBe(false);
  });
});

describe('GET /api/admin/donation-campaigns', () => {
  it('lists every live campaign, paused ones included, newest first, paged with X-Total-Count', async () => {
    const paused = await createCampaign('Paused One');
    await ctx.request(`/api/donations/${paused._id}/pause`, {
      method: 'PATCH',
      token: owner.token,
    });
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

  it('refuses bad paging with a 400 naming the field', async () => {
    for (const q of ['page=0', 'limit=1000', 'page=abc']) {
      const res = await ctx.request(`/api/admin/donation-campaigns?${q}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toMatch(/^query\.(page|limit)$/);
    }
  });
});

describe('PATCH /api/admin/donation-campaigns/{id}', () => {
  it('pauses and unpauses with the value sent, moves it out of and back into /donation, and audits both', async () => {
    const c = await createCampaign('Toggle Me');
    expect(await publicIds()).toContain(c._id);

    const pause = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { paused: true },
    });
    expect(pause.status).toBe(200);
    expect(pause.body).toMatchObject({ _id: c._id, paused: true });
    expect(await publicIds()).not.toContain(c._id);

    // sending the same value again is not a toggle
    const again = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { paused: true },
    });
    expect(again.body.paused).toBe(true);

    const resume = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { paused: false },
    });
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
      const res = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
        method: 'PATCH',
        token: admin.token,
        json,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const noJson = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'PATCH',
      token: admin.token,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(noJson.status).toBe(400);
    const badId = await ctx.request('/api/admin/donation-campaigns/42', {
      method: 'PATCH',
      token: admin.token,
      json: { paused: true },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.issues[0].path).toBe('param.id');
    const missing = await ctx.request(`/api/admin/donation-campaigns/${missingId}`, {
      method: 'PATCH',
      token: admin.token,
      json: { paused: true },
    });
    expect(missing.status).toBe(404);
  });
});

describe('an admin pause holds against the owner', () => {
  it('the owner cannot unpause a campaign an admin paused; after the admin resumes it, the owner toggles again', async () => {
    const c = await createCampaign('Held');
    const adminSets = (paused: boolean) =>
      ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
        method: 'PATCH',
        token: admin.token,
        json: { paused },
      });
    const ownerToggles = () =>
      ctx.request(`/api/donations/${c._id}/pause`, { method: 'PATCH', token: owner.token });

    const paused = await adminSets(true);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ paused: true, pausedByAdmin: true });
    const refused = await ownerToggles();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('admin');
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
    const res = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
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
    const again = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(again.status).toBe(404);
  });

  it('archives a campaign with donations: it leaves every list and refuses donations, its donors still see their donations and the totals add up', async () => {
    const c = await createCampaign('Archive Me', 500);
    await donate(donor, c._id, 25);
    await donate(donor, c._id, 10.5);
    await donate(stranger, c._id, 4.5);
    const before = await ctx.request(`/api/donations/${c._id}`);
    expect(before.body.donatedAmount).toBe(40);

    const res = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
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
    const ownerPause = await ctx.request(`/api/donations/${c._id}/pause`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect(ownerPause.status).toBe(404);
    const ownerEdit = await ctx.request(`/api/update-donation/${c._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { petName: 'Changed' },
    });
    expect(ownerEdit.status).toBe(404);

    // it refuses donations
    const refused = await ctx.request('/api/create-payment', {
      token: donor.token,
      json: { donationAmount: 5, donationCampaignId: c._id },
    });
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
      after: { donatedAmount: 40 },
    });
    expect(entry!.after?.archivedAt).toEqual(expect.any(String));

    // and it cannot be deleted or paused again
    const again = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(again.status).toBe(404);
    const pause = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { paused: false },
    });
    expect(pause.status).toBe(404);
  });
});
