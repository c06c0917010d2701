import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaignVia,
  daysFromToday,
  donateVia,
  togglePauseVia,
  updateCampaignVia,
} from '../../../test/helpers/campaigns';
import { expectError, expectInvalid } from '../../../test/helpers/expect';
import { MISSING_ID, createUser } from '../../../test/helpers/factories';
import { paymentsVia } from '../../../test/helpers/payments';
import { uploadPicture } from '../../../test/helpers/pictures';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

const ctx = useTestContext();
const { owner, other, admin } = useUsers(ctx, {
  owner: { name: 'Olive Owner' },
  other: { name: 'Dana Donor' },
  admin: { role: 'admin' },
});
let picture: string;
beforeAll(async () => {
  picture = await uploadPicture(ctx, owner.token);
});

const update = (token: string | undefined, id: string, changes: unknown) =>
  updateCampaignVia(ctx, token, id, changes);

const validBody = () => ({
  petName: 'Biscuit',
  petPicture: picture,
  maxDonationAmount: 1250.5,
  lastDate: daysFromToday(20),
  shortDescription: 'Surgery for a brave dog',
  longDescription: 'Biscuit needs a knee operation.',
});

describe('POST /api/create-donation-campaigns', () => {
  it('creates a campaign owned by the signed-in user, ignoring a body userEmail', async () => {
    const res = await ctx.request('/api/create-donation-campaigns', {
      token: owner.token,
      json: { ...validBody(), userEmail: 'someone-else@example.com' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      petName: 'Biscuit',
      petPicture: picture,
      maxDonationAmount: 1250.5,
      donatedAmount: 0,
      userEmail: owner.email,
      paused: false,
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await ctx.request('/api/donations', { token: owner.token });
    expect(mine.body.map((c: { _id: string }) => c._id)).toContain(res.body._id);
  });

  it('refuses anonymous callers with 401, whatever the body', async () => {
    expect(
      (await ctx.request('/api/create-donation-campaigns', { json: validBody() })).status,
    ).toBe(401);
    expect((await ctx.request('/api/create-donation-campaigns', { json: {} })).status).toBe(401);
  });

  it.each([
    ['maxDonationAmount', { maxDonationAmount: 10.123 }],
    ['maxDonationAmount', { maxDonationAmount: 0 }],
    ['maxDonationAmount', { maxDonationAmount: -5 }],
    ['maxDonationAmount', { maxDonationAmount: '100' }],
    ['maxDonationAmount', { maxDonationAmount: 1e12 }],
    ['lastDate', { lastDate: daysFromToday(-3) }],
    ['lastDate', { lastDate: '2030-02-30' }],
    ['lastDate', { lastDate: 'tomorrow' }],
    ['petName', { petName: '   ' }],
    ['petName', { petName: 'x'.repeat(101) }],
    ['shortDescription', { shortDescription: '' }],
    ['longDescription', { longDescription: undefined }],
    ['petPicture', { petPicture: '' }],
  ])('answers 400 naming %s for %j', async (field, change) => {
    const res = await ctx.request('/api/create-donation-campaigns', {
      token: owner.token,
      json: { ...validBody(), ...change },
    });
    expect(expectInvalid(res)).toContain(`json.${field}`);
  });

  it('refuses a picture this server does not host', async () => {
    for (const petPicture of [
      'https://i.ibb.co/abc/dog.jpg',
      `/api/images/${'a'.repeat(64)}-400w.webp`,
    ]) {
      const res = await ctx.request('/api/create-donation-campaigns', {
        token: owner.token,
        json: { ...validBody(), petPicture },
      });
      expect(expectInvalid(res)).toEqual(['json.petPicture']);
    }
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await ctx.request('/api/create-donation-campaigns', {
      token: owner.token,
      body: '{"petName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('accepts today as the last date', async () => {
    const res = await ctx.request('/api/create-donation-campaigns', {
      token: owner.token,
      json: { ...validBody(), lastDate: new Date().toISOString().slice(0, 10) },
    });
    expect(res.status).toBe(201);
  });
});

describe('PATCH /api/update-donation/{id}', () => {
  it('lets the owner edit, keeping the owner whatever userEmail says', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const newPicture = await uploadPicture(ctx, owner.token);
    const res = await update(owner.token, c._id, {
      petName: 'Biscuit II',
      petPicture: newPicture,
      maxDonationAmount: 99.99,
      lastDate: daysFromToday(5),
      shortDescription: 'Short',
      longDescription: 'Long',
      userEmail: other.email,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      petName: 'Biscuit II',
      petPicture: newPicture,
      maxDonationAmount: 99.99,
      userEmail: owner.email,
    });
    const details = await ctx.request(`/api/donations/${c._id}`);
    expect(details.body.petName).toBe('Biscuit II');
  });

  it('lets an admin edit and refuses other users (403) and anonymous callers (401)', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    expectError(await update(other.token, c._id, { petName: 'Hijacked' }), 403, 'FORBIDDEN');
    expectError(await update(undefined, c._id, { petName: 'Hijacked' }), 401, 'UNAUTHORIZED');
    const byAdmin = await update(admin.token, c._id, { petName: 'Fixed by admin' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.petName).toBe('Fixed by admin');
    expect(byAdmin.body.userEmail).toBe(owner.email);
  });

  it('answers 404 for an unknown campaign and 400 for a malformed id or body', async () => {
    expectError(await update(owner.token, MISSING_ID, { petName: 'X' }), 404, 'NOT_FOUND');
    expectInvalid(await update(owner.token, '42', { petName: 'X' }));
    const c = await createCampaignVia(ctx, owner.token);
    const badBody = await update(owner.token, c._id, {
      maxDonationAmount: 5.555,
      lastDate: '2030-13-01',
    });
    expect(expectInvalid(badBody)).toEqual(
      expect.arrayContaining(['json.maxDonationAmount', 'json.lastDate']),
    );
  });

  it('cannot lower the maximum below what was raised', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 100 });
    const { confirm } = await donateVia(ctx, other.token, c._id, 40);
    expect(confirm.status).toBe(200);
    const tooLow = await update(owner.token, c._id, { maxDonationAmount: 39.99 });
    expect(expectInvalid(tooLow)).toEqual(['json.maxDonationAmount']);
    expect(tooLow.body.message).toContain('$40.00');
    const exact = await update(owner.token, c._id, { maxDonationAmount: 40 });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({ maxDonationAmount: 40, donatedAmount: 40 });
  });

  it('counts payments under way when lowering the maximum', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 100 });
    const started = await paymentsVia(ctx).startPayment(other.token, c._id, 30);
    expect(started.status).toBe(200);
    const tooLow = await update(owner.token, c._id, { maxDonationAmount: 20 });
    expect(expectInvalid(tooLow)).toEqual(['json.maxDonationAmount']);
    expect(tooLow.body.message).toContain('under way');
  });
});

describe('GET /api/donation-campaigns', () => {
  // An app of its own: these lists must hold only what the test made.
  const fresh = useTestContext();

  it('pages 9 at a time, newest first, without paused campaigns, [] after the last page', async () => {
    const u = await createUser(fresh.database.db);
    const pic = await uploadPicture(fresh, u.token);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      ids.push(
        (await createCampaignVia(fresh, u.token, { petName: `Pet ${i}`, petPicture: pic }))._id,
      );
    }
    const paused = ids[19]!;
    expect((await togglePauseVia(fresh, u.token, paused)).body).toEqual({ paused: true });

    const pages = [];
    for (let page = 1; page <= 4; page += 1) {
      const res = await fresh.request(`/api/donation-campaigns?page=${page}`);
      expect(res.status).toBe(200);
      pages.push(res.body as { _id: string; userEmail?: string }[]);
    }
    expect(pages.map((p) => p.length)).toEqual([9, 9, 1, 0]);
    const listed = pages.flat().map((c) => c._id);
    expect(listed).toEqual(ids.slice(0, 19).reverse());
    expect(pages[0]![0]).not.toHaveProperty('userEmail');

    const signedIn = await fresh.request('/api/donation-campaigns', { token: u.token });
    expect(signedIn.body).toHaveLength(9);
    expect(signedIn.body[0].userEmail).toBe(u.email);
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999'])('answers 400 for page=%s', async (page) => {
    const res = await ctx.request(`/api/donation-campaigns?page=${page}`);
    expect(expectInvalid(res)).toEqual(['query.page']);
  });
});

describe('GET /api/donations/{id}', () => {
  it('shows the details with donatedAmount to anyone, the e-mail only to signed-in callers', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 300 });
    await donateVia(ctx, other.token, c._id, 25.75);
    const anonymous = await ctx.request(`/api/donations/${c._id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({
      _id: c._id,
      maxDonationAmount: 300,
      donatedAmount: 25.75,
    });
    expect(anonymous.body).not.toHaveProperty('userEmail');
    const signedIn = await ctx.request(`/api/donations/${c._id}`, { token: other.token });
    expect(signedIn.body.userEmail).toBe(owner.email);
  });

  it('answers 404 for unknown and archived campaigns, 400 for a malformed id', async () => {
    expect((await ctx.request(`/api/donations/${MISSING_ID}`)).status).toBe(404);
    expect((await ctx.request('/api/donations/not-an-id')).status).toBe(400);
    const c = await createCampaignVia(ctx, owner.token);
    await donateVia(ctx, other.token, c._id, 10);
    const removed = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect((await ctx.request(`/api/donations/${c._id}`)).status).toBe(404);
    // The donor still sees the donation to the archived campaign.
    const mine = await ctx.request('/api/user/donations', { token: other.token });
    expect(mine.body.map((d: { campaignId: string }) => d.campaignId)).toContain(c._id);
  });
});

describe('GET /api/donations (my campaigns)', () => {
  // New users: their lists hold only what this test made.
  const { a, b } = useUsers(ctx, { a: {}, b: {} });

  it("answers only the caller's campaigns, paused ones included", async () => {
    const mineA = await createCampaignVia(ctx, a.token, { petName: 'A1' });
    await createCampaignVia(ctx, b.token, { petName: 'B1' });
    await togglePauseVia(ctx, a.token, mineA._id);
    const res = await ctx.request('/api/donations', { token: a.token });
    expect(res.status).toBe(200);
    expect(
      res.body.map((c: { petName: string; paused: boolean }) => [c.petName, c.paused]),
    ).toEqual([['A1', true]]);
    expect((await ctx.request('/api/donations')).status).toBe(401);
  });
});

describe('PATCH /api/donations/{id}/pause', () => {
  it('toggles for the owner and answers the new value; the paused campaign leaves the list', async () => {
    const c = await createCampaignVia(ctx, owner.token, { petName: 'Toggle' });
    const first = await togglePauseVia(ctx, owner.token, c._id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ paused: true });
    const list = await ctx.request('/api/donation-campaigns?page=1');
    expect(list.body.map((x: { _id: string }) => x._id)).not.toContain(c._id);
    const second = await togglePauseVia(ctx, owner.token, c._id);
    expect(second.body).toEqual({ paused: false });
  });

  it('refuses anonymous (401), other users and admins (403), unknown ids (404)', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const call = (token?: string, id = c._id) => togglePauseVia(ctx, token, id);
    expect((await call()).status).toBe(401);
    expect((await call(other.token)).status).toBe(403);
    expect((await call(admin.token)).status).toBe(403);
    expect((await call(owner.token, MISSING_ID)).status).toBe(404);
    expect((await ctx.request(`/api/donations/${c._id}`)).body.paused).toBe(false);
  });
});

describe('GET /api/donations/{id}/donators', () => {
  it('lists names and amounts for the owner and admins only', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    await donateVia(ctx, other.token, c._id, 25);
    await donateVia(ctx, admin.token, c._id, 0.5 + 9.5);
    const res = await ctx.request(`/api/donations/${c._id}/donators`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.map((d: { name: string; amount: number }) => [d.name, d.amount])).toEqual([
      [admin.name, 10],
      ['Dana Donor', 25],
    ]);
    expect(res.body[0].id).toMatch(/^[0-9a-f-]{36}$/);
    const byAdmin = await ctx.request(`/api/donations/${c._id}/donators`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(
      (await ctx.request(`/api/donations/${c._id}/donators`, { token: other.token })).status,
    ).toBe(403);
    expect((await ctx.request(`/api/donations/${c._id}/donators`)).status).toBe(401);
  });
});

describe('GET /api/user/donations', () => {
  // New users: their lists hold only what this test made.
  const { o, d } = useUsers(ctx, { o: {}, d: {} });

  it("lists the caller's own donations with campaign, amount and date", async () => {
    const c = await createCampaignVia(ctx, o.token, { petName: 'Milo' });
    await donateVia(ctx, d.token, c._id, 12.34);
    await donateVia(ctx, d.token, c._id, 5, '4000 0000 0000 0002'); // declined: not listed
    const res = await ctx.request('/api/user/donations', { token: d.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      campaignId: c._id,
      petName: 'Milo',
      petPicture: c.petPicture,
      amount: 12.34,
    });
    expect(Number.isNaN(Date.parse(res.body[0].date))).toBe(false);
    expect((await ctx.request('/api/user/donations', { token: o.token })).body).toEqual([]);
    expect((await ctx.request('/api/user/donations')).status).toBe(401);
  });
});

describe('lists that can grow are paged (page, limit, X-Total-Count)', () => {
  it('pages my campaigns, a campaign’s donators and my donations, and names a bad limit', async () => {
    const o = await createUser(ctx.database.db);
    const d = await createUser(ctx.database.db, { name: 'Pat Pager' });
    const made = [];
    for (const petName of ['P1', 'P2', 'P3']) {
      made.push(await createCampaignVia(ctx, o.token, { petName, petPicture: picture }));
    }
    const c = made[0]!;
    for (const amount of [1, 2, 3]) await donateVia(ctx, d.token, c._id, amount);

    const get = (path: string, token: string) => ctx.request(path, { token });
    const names = (body: { petName: string }[]) => body.map((x) => x.petName);

    const all = await get('/api/donations', o.token);
    expect(names(all.body)).toEqual(['P3', 'P2', 'P1']);
    expect(all.headers.get('x-total-count')).toBe('3');
    const second = await get('/api/donations?page=2&limit=2', o.token);
    expect(names(second.body)).toEqual(['P1']);
    expect(second.headers.get('x-total-count')).toBe('3');

    const donators = await get(`/api/donations/${c._id}/donators?page=1&limit=2`, o.token);
    expect(donators.body.map((x: { amount: number }) => x.amount)).toEqual([3, 2]);
    expect(donators.headers.get('x-total-count')).toBe('3');
    const lastDonator = await get(`/api/donations/${c._id}/donators?page=2&limit=2`, o.token);
    expect(lastDonator.body.map((x: { amount: number }) => x.amount)).toEqual([1]);

    const mine = await get('/api/user/donations?page=3&limit=1', d.token);
    expect(mine.body.map((x: { amount: number }) => x.amount)).toEqual([1]);
    expect(mine.headers.get('x-total-count')).toBe('3');
    expect((await get('/api/user/donations', d.token)).body).toHaveLength(3);

    for (const path of [
      '/api/donations',
      `/api/donations/${c._id}/donators`,
      '/api/user/donations',
    ]) {
      expect(expectInvalid(await get(`${path}?limit=0`, o.token))).toContain('query.limit');
      expect(expectInvalid(await get(`${path}?limit=5000`, o.token))).toContain('query.limit');
    }
  });
});
