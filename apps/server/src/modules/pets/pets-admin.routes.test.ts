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
let other: TestUser;
let picture: string;

const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, { name: 'Ada Admin' });
  owner = await createUser(ctx.database.db, { name: 'Olive Owner' });
  other = await createUser(ctx.database.db, { name: 'Oscar Other' });
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'rex.png');
  const up = await ctx.request('/api/images', { method: 'POST', token: owner.token, body: fd });
  expect(up.status).toBe(201);
  picture = up.body.data.display_url;
});
afterAll(() => ctx.close());

async function addPet(petName: string) {
  const res = await ctx.request('/api/add-pet', {
    token: owner.token,
    json: {
      petImage: picture,
      petName,
      petAge: '2 years',
      petLocation: 'Dhaka',
      petCategory: 'dog',
      shortDescription: `${petName} is friendly`,
      longDescription: `${petName} likes long walks.`,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string; petName: string; adopted: boolean };
}

const publicIds = async () => {
  const res = await ctx.request('/api/pets?adopted=false&limit=100');
  return (res.body as Array<{ _id: string }>).map((p) => p._id);
};

const auditFor = async (targetId: string) => {
  const res = await ctx.request('/api/admin/audit-log?limit=100', { token: admin.token });
  expect(res.status).toBe(200);
  return (res.body as AuditEntry[]).filter((e) => e.targetId === targetId);
};

describe('admin pet routes: who may call', () => {
  it('refuse anonymous callers with 401 and signed-in non-admins (even the owner) with 403', async () => {
    const pet = await addPet('Guarded');
    const calls = [
      { path: '/api/all-pets', method: 'GET' },
      { path: '/api/all-pets?limit=0', method: 'GET' },
      { path: `/api/pets/${pet._id}`, method: 'DELETE' },
      { path: `/api/pets/${pet._id}`, method: 'PATCH', json: { adopted: true } },
      { path: '/api/pets/not-a-uuid', method: 'PATCH', json: { adopted: 'x' } },
    ];
    for (const call of calls) {
      const anonymous = await ctx.request(call.path, call);
      expect(anonymous.status, `${call.method} ${call.path} anonymous`).toBe(401);
      for (const user of [owner, other]) {
        const res = await ctx.request(call.path, { ...call, token: user.token });
        expect(res.status, `${call.method} ${call.path} as ${user.name}`).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
    const still = await ctx.request(`/api/pets/${pet._id}`);
    expect(still.status).toBe(200);
    expect(still.body.adopted).toBe(false);
  });
});

describe('GET /api/all-pets', () => {
  it('lists every pet, adopted ones included, newest first, paged with X-Total-Count', async () => {
    const a = await addPet('First');
    const b = await addPet('Second');
    const adopt = await ctx.request(`/api/pets/${a._id}/adopted`, {
      method: 'PATCH',
      token: owner.token,
      json: { adopted: true },
    });
    expect(adopt.status).toBe(200);

    const res = await ctx.request('/api/all-pets?limit=100', { token: admin.token });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
    const ids = res.body.map((p: { _id: string }) => p._id);
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(res.body.find((p: { _id: string }) => p._id === a._id)).toMatchObject({
      adopted: true,
      userEmail: owner.email,
    });

    const page = await ctx.request('/api/all-pets?page=2&limit=1', { token: admin.token });
    expect(page.body).toHaveLength(1);
    expect(page.body[0]._id).toBe(ids[1]);
    expect(page.headers.get('x-total-count')).toBe(String(res.body.length));
  });

  it('refuses bad paging with a 400 naming the field', async () => {
    for (const q of ['page=0', 'limit=101', 'page=x']) {
      const res = await ctx.request(`/api/all-pets?${q}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toMatch(/^query\.(page|limit)$/);
    }
  });
});

describe('PATCH /api/pets/{id}', () => {
  it('sets adopted both ways; the pet leaves /petlist and comes back; both are audited', async () => {
    const pet = await addPet('Toggle');
    expect(await publicIds()).toContain(pet._id);

    const adopt = await ctx.request(`/api/pets/${pet._id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { adopted: true },
    });
    expect(adopt.status).toBe(200);
    expect(adopt.body).toMatchObject({ _id: pet._id, adopted: true });
    expect(await publicIds()).not.toContain(pet._id);

    const unadopt = await ctx.request(`/api/pets/${pet._id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { adopted: false },
    });
    expect(unadopt.status).toBe(200);
    expect(unadopt.body.adopted).toBe(false);
    expect(await publicIds()).toContain(pet._id);

    const entries = await auditFor(pet._id);
    expect(entries.map((e) => e.action)).toEqual(['pet.unadopt', 'pet.adopt']);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'pet',
      before: { petName: 'Toggle', adopted: true },
      after: { petName: 'Toggle', adopted: false },
    });
  });

  it('answers 400 naming the field for a bad body or id, and 404 for an unknown pet', async () => {
    const pet = await addPet('Bad Input');
    for (const json of [{}, { adopted: 'yes' }, { adopted: null }]) {
      const res = await ctx.request(`/api/pets/${pet._id}`, {
        method: 'PATCH',
        token: admin.token,
        json,
      });
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe('json.adopted');
    }
    const badId = await ctx.request('/api/pets/123', {
      method: 'PATCH',
      token: admin.token,
      json: { adopted: true },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.issues[0].path).toBe('param.id');
    const missing = await ctx.request(`/api/pets/${missingId}`, {
      method: 'PATCH',
      token: admin.token,
      json: { adopted: true },
    });
    expect(missing.status).toBe(404);
  });
});

describe('DELETE /api/pets/{id}', () => {
  it("deletes any user's pet with its adoption requests and audits the pet as it was", async () => {
    const pet = await addPet('Goodbye');
    const request = await ctx.request('/api/adoption-requests', {
      token: other.token,
      json: { petId: pet._id, phone: '+880 1700 000000', address: '1 Road, Dhaka' },
    });
    expect(request.status).toBe(201);

    const res = await ctx.request(`/api/pets/${pet._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect((await ctx.request(`/api/pets/${pet._id}`)).status).toBe(404);
    expect(await publicIds()).not.toContain(pet._id);
    const mine = await ctx.request('/api/user/my-adoption-requests', { token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: { petId: string }) => r.petId)).not.toContain(pet._id);

    const [entry] = await auditFor(pet._id);
    expect(entry).toMatchObject({
      action: 'pet.delete',
      actorEmail: admin.email,
      before: { _id: pet._id, petName: 'Goodbye', userEmail: owner.email },
      after: null,
    });

    const again = await ctx.request(`/api/pets/${pet._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(again.status).toBe(404);
  });
});
