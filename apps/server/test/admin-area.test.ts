import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type TestUser } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * The admin area as a whole (issue 5): every admin-only route refuses anonymous callers (401)
 * and signed-in non-admins (403), and answers an admin. The modules' own tests go deeper.
 */
let ctx: TestContext;
let admin: TestUser;
let user: TestUser;

const someId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, { name: 'Ada Admin' });
  user = await createUser(ctx.database.db, { name: 'Uma User' });
});
afterAll(() => ctx.close());

/** Every admin-only call of the spec's call table (section 7), plus the audit log. */
const adminRoutes = () => [
  { method: 'GET', path: '/api/users' },
  { method: 'PATCH', path: `/api/users/admin/${user.id}` },
  { method: 'GET', path: '/api/all-pets' },
  { method: 'DELETE', path: `/api/pets/${someId}` },
  { method: 'PATCH', path: `/api/pets/${someId}`, json: { adopted: true } },
  { method: 'GET', path: '/api/admin/donation-campaigns' },
  { method: 'DELETE', path: `/api/admin/donation-campaigns/${someId}` },
  { method: 'PATCH', path: `/api/admin/donation-campaigns/${someId}`, json: { paused: true } },
  { method: 'GET', path: '/api/admin/audit-log' },
];

describe('the admin area', () => {
  it('refuses every admin route to anonymous callers with 401 and to non-admins with 403', async () => {
    for (const route of adminRoutes()) {
      const anonymous = await ctx.request(route.path, route);
      expect(anonymous.status, `${route.method} ${route.path} anonymous`).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
      const signedIn = await ctx.request(route.path, { ...route, token: user.token });
      expect(signedIn.status, `${route.method} ${route.path} as a user`).toBe(403);
      expect(signedIn.body).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    }
  });

  it('answers every admin route for an admin (404 for the made-up ids, never 401/403/5xx)', async () => {
    for (const route of adminRoutes()) {
      const res = await ctx.request(route.path, { ...route, token: admin.token });
      const expected = route.path.includes(someId) ? 404 : 200;
      expect(res.status, `${route.method} ${route.path} as an admin`).toBe(expected);
    }
  });

  it('lists the admin routes in the OpenAPI document with bearer security', async () => {
    const doc = await ctx.request('/api/openapi.json');
    const paths = doc.body.paths as Record<string, Record<string, { security?: unknown[] }>>;
    for (const [path, method] of [
      ['/all-pets', 'get'],
      ['/pets/{id}', 'delete'],
      ['/pets/{id}', 'patch'],
      ['/admin/donation-campaigns', 'get'],
      ['/admin/donation-campaigns/{id}', 'delete'],
      ['/admin/donation-campaigns/{id}', 'patch'],
    ] as const) {
      expect(paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('promoting a user answers modifiedCount 1, promoting them again 0 (not an error), and is audited once', async () => {
    const target = await createUser(ctx.database.db, { name: 'Pat Promoted' });
    const first = await ctx.request(`/api/users/admin/${target.id}`, {
      method: 'PATCH',
      token: admin.token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ modifiedCount: 1 });
    const again = await ctx.request(`/api/users/admin/${target.id}`, {
      method: 'PATCH',
      token: admin.token,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ modifiedCount: 0 });

    // the promoted user is an admin at once, with the token they already hold
    const check = await ctx.request(`/api/users/admin/${encodeURIComponent(target.email)}`, {
      token: target.token,
    });
    expect(check.body).toEqual({ admin: true });
    expect((await ctx.request('/api/all-pets', { token: target.token })).status).toBe(200);

    const log = await ctx.request('/api/admin/audit-log?limit=100', { token: admin.token });
    const entries = log.body.filter(
      (e: { targetId: string; action: string }) =>
        e.targetId === target.id && e.action === 'user.promote',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
  });
});

describe("admin actions through the owners' routes", () => {
  interface Entry {
    action: string;
    targetId: string;
    actorEmail: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }
  const auditFor = async (targetId: string): Promise<Entry[]> => {
    const res = await ctx.request('/api/admin/audit-log?limit=100', { token: admin.token });
    return (res.body as Entry[]).filter((e) => e.targetId === targetId);
  };

  async function picture(token: string) {
    const png = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const up = await ctx.request('/api/images', { method: 'POST', token, body: fd });
    expect(up.status).toBe(201);
    return up.body.data.display_url as string;
  }

  async function addPet(token: string, petName: string) {
    const res = await ctx.request('/api/add-pet', {
      token,
      json: {
        petImage: await picture(token),
        petName,
        petAge: '1 year',
        petLocation: 'Sylhet',
        petCategory: 'cat',
        shortDescription: 'Short',
        longDescription: 'Long',
      },
    });
    expect(res.status).toBe(201);
    return res.body._id as string;
  }

  it("audits an admin editing, marking and deleting someone else's pet, not the owner doing it", async () => {
    const owner = await createUser(ctx.database.db, { name: 'Olga Owner' });
    const petId = await addPet(owner.token, 'Tabby');

    const ownEdit = await ctx.request(`/api/update-pet/${petId}`, {
      method: 'PATCH',
      token: owner.token,
      json: { petAge: '2 years' },
    });
    expect(ownEdit.status).toBe(200);
    expect(await auditFor(petId)).toEqual([]);

    const edit = await ctx.request(`/api/update-pet/${petId}`, {
      method: 'PATCH',
      token: admin.token,
      json: { petName: 'Tabby Cat' },
    });
    expect(edit.status).toBe(200);
    const adopted = await ctx.request(`/api/pets/${petId}/adopted`, {
      method: 'PATCH',
      token: admin.token,
      json: { adopted: true },
    });
    expect(adopted.status).toBe(200);
    const removed = await ctx.request(`/api/pet/${petId}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(removed.status).toBe(200);

    const entries = await auditFor(petId);
    expect(entries.map((e) => e.action)).toEqual(['pet.delete', 'pet.adopt', 'pet.update']);
    expect(entries[2]).toMatchObject({
      actorEmail: admin.email,
      before: { petName: 'Tabby', petAge: '2 years' },
      after: { petName: 'Tabby Cat' },
    });
  });

  it("audits an admin deciding or withdrawing someone else's adoption request", async () => {
    const owner = await createUser(ctx.database.db);
    const requester = await createUser(ctx.database.db);
    const petId = await addPet(owner.token, 'Rex');
    const ask = async () => {
      const res = await ctx.request('/api/adoption-requests', {
        token: requester.token,
        json: { petId, phone: '+8801700000000', address: '2 Lane, Sylhet' },
      });
      expect(res.status).toBe(201);
      return res.body._id as string;
    };
    const first = await ask();
    const decided = await ctx.request(`/api/adoption-requests/${first}`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'rejected' },
    });
    expect(decided.status).toBe(200);
    expect(await auditFor(first)).toMatchObject([
      {
        action: 'adoption-request.reject',
        before: { status: 'pending', requester: requester.email },
        after: { status: 'rejected' },
      },
    ]);

    const second = await ask();
    const withdrawn = await ctx.request(`/api/adoption-requests/${second}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(withdrawn.status).toBe(200);
    expect(await auditFor(second)).toMatchObject([
      { action: 'adoption-request.withdraw', after: null },
    ]);

    // the owner deciding on their own pet is not an admin action
    const third = await ask();
    await ctx.request(`/api/adoption-requests/${third}`, {
      method: 'PATCH',
      token: owner.token,
      json: { status: 'accepted' },
    });
    expect(await auditFor(third)).toEqual([]);
  });

  it("audits an admin editing someone else's campaign", async () => {
    const owner = await createUser(ctx.database.db);
    const created = await ctx.request('/api/create-donation-campaigns', {
      token: owner.token,
      json: {
        petName: 'Bella',
        petPicture: await picture(owner.token),
        maxDonationAmount: 300,
        lastDate: `${new Date().getUTCFullYear() + 1}-03-01`,
        shortDescription: 'Help Bella',
        longDescription: 'Bella needs help.',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    const edit = await ctx.request(`/api/update-donation/${id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { maxDonationAmount: 350.5 },
    });
    expect(edit.status).toBe(200);
    expect(await auditFor(id)).toMatchObject([
      {
        action: 'campaign.update',
        actorEmail: admin.email,
        before: { maxDonationAmount: 300 },
        after: { maxDonationAmount: 350.5 },
      },
    ]);
  });
});
