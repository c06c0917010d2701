import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../../test/helpers/expect';
import { MISSING_ID, createUser, type TestUser } from '../../../test/helpers/factories';
import { addPetVia } from '../../../test/helpers/pets';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

const ctx = useTestContext();
const { owner, requester, stranger, admin } = useUsers(ctx, {
  owner: { name: 'Olivia Owner' },
  requester: { name: 'Rafi Requester' },
  stranger: { name: 'Sam Stranger' },
  admin: { role: 'admin' },
});

const addPet = (token = owner.token, petName = 'Bella') =>
  addPetVia(ctx, token, { petName, petCategory: 'cat' });

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
    expectError(await send(pet._id, null), 401, 'UNAUTHORIZED');
    expectError(await send(MISSING_ID), 404, 'NOT_FOUND');
    expect(expectInvalid(await send('nope'))[0]).toBe('json.petId');
    for (const [extra, field] of [
      [{ phone: '' }, 'json.phone'],
      [{ phone: 'call me maybe' }, null],
      [{ address: '   ' }, 'json.address'],
      [{ address: 'x'.repeat(501) }, null],
    ] as const) {
      const paths = expectInvalid(await send(pet._id, requester.token, extra));
      if (field) expect(paths[0]).toBe(field);
    }
  });
});

describe('owner list, decisions, my requests, withdrawal', () => {
  // A second owner, whose only requests are the two below.
  let owner: TestUser;
  let pet: { _id: string };
  let requestId: string;

  /** PATCH /api/adoption-requests/{id}: a decision on the first request (or on `id`). */
  const decide = (token: string | undefined, json: unknown, id = requestId) =>
    ctx.request(`/api/adoption-requests/${id}`, { method: 'PATCH', token, json });

  beforeAll(async () => {
    owner = await createUser(ctx.database.db, { name: 'Second Owner' });
    pet = await addPet(owner.token, 'Milo');
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
    const accepted = await decide(owner.token, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const mine = await ctx.request('/api/user/my-adoption-requests', { token: requester.token });
    expect(mine.status).toBe(200);
    const found = mine.body.find((r: { _id: string }) => r._id === requestId);
    expect(found).toMatchObject({ status: 'accepted', petName: 'Milo' });
    expect(Number(mine.headers.get('x-total-count'))).toBe(mine.body.length);

    const rejected = await decide(owner.token, { status: 'rejected' });
    expect(rejected.body.status).toBe('rejected');
  });

  it('refuses decisions from anonymous (401), the requester or others (403); admin allowed', async () => {
    const json = { status: 'accepted' };
    expectError(await decide(undefined, json), 401, 'UNAUTHORIZED');
    expectError(await decide(requester.token, json), 403, 'FORBIDDEN');
    expectError(await decide(stranger.token, json), 403, 'FORBIDDEN');
    const byAdmin = await decide(admin.token, json);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.status).toBe('accepted');
  });

  it('answers 400 for a bad status or id and 404 for a missing request', async () => {
    const bad = await decide(owner.token, { status: 'pending' });
    expect(expectInvalid(bad)[0]).toBe('json.status');
    expectInvalid(await decide(owner.token, { status: 'accepted' }, '1'));
    expectError(await decide(owner.token, { status: 'accepted' }, MISSING_ID), 404, 'NOT_FOUND');
  });

  it('my requests: anonymous 401, bad paging 400', async () => {
    expect((await ctx.request('/api/user/my-adoption-requests')).status).toBe(401);
    expect(
      (await ctx.request('/api/user/my-adoption-requests?limit=500', { token: requester.token }))
        .status,
    ).toBe(400);
  });

  it('lets the requester withdraw a pending request; not a decided one (409); not others (403)', async () => {
    const withdraw = (id: string, token?: string) =>
      ctx.request(`/api/adoption-requests/${id}`, { method: 'DELETE', token });
    expectError(await withdraw(requestId, requester.token), 409, 'CONFLICT');

    const other = await addPet(owner.token, 'Luna');
    const pending = (await send(other._id)).body._id;
    expectError(await withdraw(pending), 401, 'UNAUTHORIZED');
    expectError(await withdraw(pending, owner.token), 403, 'FORBIDDEN');
    expectError(await withdraw(pending, stranger.token), 403, 'FORBIDDEN');
    const ok = await withdraw(pending, requester.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ deletedCount: 1 });
    expectError(await withdraw(pending, requester.token), 404, 'NOT_FOUND');
    // Withdrawn: a new request may be sent.
    expect((await send(other._id)).status).toBe(201);
    expectInvalid(await withdraw('zzz', requester.token));
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
      ['/adoption-requests/{id}', 'get'],
      ['/adoption-requests/{id}/messages', 'get'],
      ['/adoption-requests/{id}/messages', 'post'],
      ['/adoption-requests/{id}/read', 'put'],
      ['/user/unread-messages', 'get'],
    ];
    for (const [p, method] of expected) expect(paths[p]?.[method], `${method} ${p}`).toBeDefined();
    const addPet = paths['/add-pet'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(addPet)).toContain('petName');
  });
});
