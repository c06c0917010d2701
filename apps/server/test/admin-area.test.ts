import { describe, expect, it } from 'vitest';
import { auditEntriesFor, expectAdminOnly } from './helpers/admin';
import { createCampaignVia, updateCampaignVia } from './helpers/campaigns';
import { MISSING_ID, createUser } from './helpers/factories';
import { addPetVia } from './helpers/pets';
import { useTestContext, useUsers } from './helpers/test-app';

/**
 * The admin area as a whole (issue 5): every admin-only route refuses anonymous callers (401)
 * and signed-in non-admins (403), and answers an admin. The modules' own tests go deeper.
 */
const ctx = useTestContext();
const { admin, user } = useUsers(ctx, {
  admin: { name: 'Ada Admin', role: 'admin' },
  user: { name: 'Uma User' },
});

const auditFor = (targetId: string) => auditEntriesFor(ctx, admin.token, targetId);

/** Every admin-only call of the spec's call table (section 7), plus the audit log. */
const adminRoutes = () => [
  { method: 'GET', path: '/api/users' },
  { method: 'PATCH', path: `/api/users/admin/${user.id}` },
  { method: 'GET', path: '/api/all-pets' },
  { method: 'DELETE', path: `/api/pets/${MISSING_ID}` },
  { method: 'PATCH', path: `/api/pets/${MISSING_ID}`, json: { adopted: true } },
  { method: 'GET', path: '/api/admin/donation-campaigns' },
  { method: 'DELETE', path: `/api/admin/donation-campaigns/${MISSING_ID}` },
  { method: 'PATCH', path: `/api/admin/donation-campaigns/${MISSING_ID}`, json: { paused: true } },
  { method: 'GET', path: '/api/admin/audit-log' },
];

describe('the admin area', () => {
  it('refuses every admin route to anonymous callers with 401 and to non-admins with 403', async () => {
    await expectAdminOnly(ctx, adminRoutes(), [user]);
  });

  it('answers every admin route for an admin (404 for the made-up ids, never 401/403/5xx)', async () => {
    for (const route of adminRoutes()) {
      const res = await ctx.request(route.path, { ...route, token: admin.token });
      const expected = route.path.includes(MISSING_ID) ? 404 : 200;
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
});

describe("admin actions through the owners' routes", () => {
  const addPet = async (token: string, petName: string) =>
    (await addPetVia(ctx, token, { petName, petAge: '1 year' }))._id;

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
    const { _id: id } = await createCampaignVia(ctx, owner.token, {
      petName: 'Bella',
      maxDonationAmount: 300,
    });
    const edit = await updateCampaignVia(ctx, admin.token, id, { maxDonationAmount: 350.5 });
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
