import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/helpers/factories';

let ctx: TestContext;
let owner: TestUser;
let requester: TestUser;
let stranger: TestUser;
let admin: TestUser;
let picture: string;

const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx.database.db, { name: 'Olivia Owner' });
  requester = await createUser(ctx.database.db, { name: 'Rafi Requester' });
  stranger = await createUser(ctx.database.db, { name: 'Sam Stranger' });
  admin = await createAdmin(ctx.database.db);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(png)]), 'p.png');
  picture = (await ctx.request('/api/images', { method: 'POST', token: owner.token, body: fd }))
    .body.data.display_url;
});
afterAll(() => ctx.close());

async function addPet(token = owner.token, petName = 'Bella') {
  const res = await ctx.request('/api/add-pet', {
    token,
    json: {
      petImage: picture,
      petName,
      petAge: '1 year',
      petLocation: 'Chattogram',
      petCategory: 'cat',
      shortDescription: 'Calm',
      longDescription: 'A calm cat.',
    },
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; petName: string; petImage: string };
}

const send = (petId: string, token: string | null = requester.token, extra = {}) =>
  ctx.request('/api/adoption-requests', {
    token: token ?? undefined,
    json: { petId, phone: '+880 1711-000000', address: '12 Lake Road', ...extra },
  });

describe('POST /api/adoption-requests', () => {
  it('creates a pending request with name and e-mail from the session and the pet from the pet', async () => {
    const pet = await addPet();
    const res = await send(pet._id, requester.token, {
      petName: 'Forged',
      petImage: 'https://evil.example/x.png',
      userName: 'Someone Else',
      userEmail: stranger.email,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      petId: pet._id,
      petName: 'Bella',
      petImage: pet.petImage,
      userName: 'Rafi Requester',
      userEmail: requester.email,
      phone: '+880 1711-000000',
      address: '12 Lake Road',
      status: 'pending',
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a second pending request for the same pet with 409', async () => {
    const pet = await addPet();
    expect((await send(pet._id)).status).toBe(201);
    const again = await send(pet._id);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already have a pending/);
  });

  it('refuses your own pet (403) and an adopted pet (409)', async () => {
    const pet = await addPet();
    const own = await send(pet._id, owner.token);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/your own pet/);
    await ctx.request(`/api/pets/${pet._id}/adopted`, { method: 'PATCH', token: owner.token });
    const adopted = await send(pet._id);
    expect(adopted.status).toBe(409);
    expect(adopted.body.message).toMatch(/already been adopted/);
  });

  it('refuses anonymous (401), a missing pet (404) and bad bodies (400 naming the field)', async () => {
    const pet = await addPet();
    expect((await send(pet._id, null)).status).toBe(401);
    expect((await send(missingId)).status).toBe(404);
    const badId = await send('nope');
    expect(badId.status).toBe(400);
    expect(badId.body.issues[0].path).toBe('json.petId');
    const noPhone = await send(pet._id, requester.token, { phone: '' });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.issues[0].path).toBe('json.phone');
    const words = await send(pet._id, requester.token, { phone: 'call me maybe' });
    expect(words.status).toBe(400);
    const noAddress = await send(pet._id, requester.token, { address: '   ' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.issues[0].path).toBe('json.address');
    const long = await send(pet._id, requester.token, { address: 'x'.repeat(501) });
    expect(long.status).toBe(400);
  });
});

describe('owner list, decisions, my requests, withdrawal', () => {
  let pet: { _id: string };
  let requestId: string;

  beforeAll(async () => {
    const o = await createUser(ctx.database.db, { name: 'Second Owner' });
    owner = o;
    pet = await addPet(o.token, 'Milo');
    requestId = (await send(pet._id)).body._id;
    await send(pet._id, stranger.token, { phone: '555-0101', address: 'Far away' });
  });

  it("lists requests on the caller's pets, newest first, with contact details", async () => {
    const res = await ctx.request('/api/user/adoption-requests', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.body.map((r: { userName: string }) => r.userName)).toEqual([
      'Sam Stranger',
      'Rafi Requester',
    ]);
    expect(res.body[1]).toMatchObject({ phone: '+880 1711-000000', address: '12 Lake Road' });
    const paged = await ctx.request(
      `/api/user/adoption-requests?email=${encodeURIComponent(owner.email)}&limit=1&page=2`,
      { token: owner.token },
    );
    expect(paged.body.map((r: { userName: string }) => r.userName)).toEqual(['Rafi Requester']);
  });

  it("refuses someone else's list (403) and anonymous callers (401); an admin may ask", async () => {
    const q = `/api/user/adoption-requests?email=${encodeURIComponent(owner.email)}`;
    expect((await ctx.request(q)).status).toBe(401);
    expect((await ctx.request(q, { token: requester.token })).status).toBe(403);
    const byAdmin = await ctx.request(q, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toHaveLength(2);
    expect(byAdmin.body[0].phone).toBe('555-0101');
    // The requester's own list does not include requests on pets they do not own.
    const own = await ctx.request('/api/user/adoption-requests', { token: requester.token });
    expect(own.body.every((r: { petId: string }) => r.petId !== pet._id)).toBe(true);
  });

  it('lets the owner accept, then switch to rejected; the requester sees the status', async () => {
    const url = `/api/adoption-requests/${requestId}`;
    const accepted = await ctx.request(url, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'accepted' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const mine = await ctx.request('/api/user/my-adoption-requests', { token: requester.token });
    expect(mine.status).toBe(200);
    const found = mine.body.find((r: { _id: string }) => r._id === requestId);
    expect(found).toMatchObject({ status: 'accepted', petName: 'Milo' });
    expect(Number(mine.headers.get('x-total-count'))).toBe(mine.body.length);

    const rejected = await ctx.request(url, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'rejected' },
    });
    expect(rejected.body.status).toBe('rejected');
  });

  it('refuses decisions from anonymous (401), the requester or others (403); admin allowed', async () => {
    const url = `/api/adoption-requests/${requestId}`;
    const json = { status: 'accepted' };
    expect((await ctx.request(url, { method: 'PATCH', json })).status).toBe(401);
    expect((await ctx.request(url, { method: 'PATCH', token: requester.token, json })).status).toBe(
      403,
    );
    expect((await ctx.request(url, { method: 'PATCH', token: stranger.token, json })).status).toBe(
      403,
    );
    const byAdmin = await ctx.request(url, { method: 'PATCH', token: admin.token, json });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.status).toBe('accepted');
  });

  it('answers 400 for a bad status or id and 404 for a missing request', async () => {
    const bad = await ctx.request(`/api/adoption-requests/${requestId}`, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'pending' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('json.status');
    const badId = await ctx.request('/api/adoption-requests/1', {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'accepted' },
    });
    expect(badId.status).toBe(400);
    const missing = await ctx.request(`/api/adoption-requests/${missingId}`, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'accepted' },
    });
    expect(missing.status).toBe(404);
  });

  it('my requests: anonymous 401, bad paging 400', async () => {
    expect((await ctx.request('/api/user/my-adoption-requests')).status).toBe(401);
    expect(
      (await ctx.request('/api/user/my-adoption-requests?limit=500', { token: requester.token }))
        .status,
    ).toBe(400);
  });

  it('lets the requester withdraw a pending request; not a decided one (409); not others (403)', async () => {
    const decided = await ctx.request(`/api/adoption-requests/${requestId}`, {
      method: 'DELETE',
      token: requester.token,
    });
    expect(decided.status).toBe(409);

    const other = await addPet(owner.token, 'Luna');
    const pending = (await send(other._id)).body._id;
    const url = `/api/adoption-requests/${pending}`;
    expect((await ctx.request(url, { method: 'DELETE' })).status).toBe(401);
    expect((await ctx.request(url, { method: 'DELETE', token: owner.token })).status).toBe(403);
    expect((await ctx.request(url, { method: 'DELETE', token: stranger.token })).status).toBe(403);
    const ok = await ctx.request(url, { method: 'DELETE', token: requester.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ deletedCount: 1 });
    expect((await ctx.request(url, { method: 'DELETE', token: requester.token })).status).toBe(404);
    // Withdrawn: a new request may be sent.
    expect((await send(other._id)).status).toBe(201);
    expect(
      (
        await ctx.request('/api/adoption-requests/zzz', {
          method: 'DELETE',
          token: requester.token,
        })
      ).status,
    ).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every pets and adoption request route with its request schemas', async () => {
    const doc = await ctx.request('/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths;
    const expected: [string, string][] = [
      ['/pets', 'get'],
      ['/pets/{id}', 'get'],
      ['/add-pet', 'post'],
      ['/update-pet/{id}', 'patch'],
      ['/user/pets', 'get'],
      ['/pet/{id}', 'delete'],
      ['/pets/{id}/adopted', 'patch'],
      ['/adoption-requests', 'post'],
      ['/user/adoption-requests', 'get'],
      ['/user/my-adoption-requests', 'get'],
      ['/adoption-requests/{id}', 'patch'],
      ['/adoption-requests/{id}', 'delete'],
    ];
    for (const [p, method] of expected) expect(paths[p]?.[method], `${method} ${p}`).toBeDefined();
    const addPet = paths['/add-pet'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(addPet)).toContain('petName');
  });
});
