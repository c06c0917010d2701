import { describe, expect, it } from 'vitest';
import { auditEntriesFor, expectAdminOnly } from '../../../test/helpers/admin';
import { expectInvalid } from '../../../test/helpers/expect';
import { MISSING_ID } from '../../../test/helpers/factories';
import { addPetVia } from '../../../test/helpers/pets';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

const ctx = useTestContext();
const { admin, owner, other } = useUsers(ctx, {
  admin: { name: 'Ada Admin', role: 'admin' },
  owner: { name: 'Olive Owner' },
  other: { name: 'Oscar Other' },
});

const addPet = (petName: string) => addPetVia(ctx, owner.token, { petName });

const publicIds = async () => {
  const res = await ctx.request('/api/pets?adopted=false&limit=100');
  return (res.body as Array<{ _id: string }>).map((p) => p._id);
};

const auditFor = (targetId: string) => auditEntriesFor(ctx, admin.token, targetId);

const setAdopted = (id: string, json: unknown) =>
  ctx.request(`/api/pets/${id}`, { method: 'PATCH', token: admin.token, json });

describe('admin pet routes: who may call', () => {
  it('refuse anonymous callers with 401 and signed-in non-admins (even the owner) with 403', async () => {
    const pet = await addPet('Guarded');
    await expectAdminOnly(
      ctx,
      [
        { path: '/api/all-pets', method: 'GET' },
        { path: '/api/all-pets?limit=0', method: 'GET' },
        { path: `/api/pets/${pet._id}`, method: 'DELETE' },
        { path: `/api/pets/${pet._id}`, method: 'PATCH', json: { adopted: true } },
        { path: '/api/pets/not-a-uuid', method: 'PATCH', json: { adopted: 'x' } },
      ],
      [owner, other],
    );
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

  it.each(['page=0', 'limit=101', 'page=x'])(
    'refuses %s with a 400 naming the field',
    async (q) => {
      const res = await ctx.request(`/api/all-pets?${q}`, { token: admin.token });
      expect(expectInvalid(res)[0]).toMatch(/^query\.(page|limit)$/);
    },
  );
});

describe('PATCH /api/pets/{id}', () => {
  it('sets adopted both ways; the pet leaves /petlist and comes back; both are audited', async () => {
    const pet = await addPet('Toggle');
    expect(await publicIds()).toContain(pet._id);

    const adopt = await setAdopted(pet._id, { adopted: true });
    expect(adopt.status).toBe(200);
    expect(adopt.body).toMatchObject({ _id: pet._id, adopted: true });
    expect(await publicIds()).not.toContain(pet._id);

    const unadopt = await setAdopted(pet._id, { adopted: false });
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
      expect(expectInvalid(await setAdopted(pet._id, json))[0]).toBe('json.adopted');
    }
    expect(expectInvalid(await setAdopted('123', { adopted: true }))[0]).toBe('param.id');
    expect((await setAdopted(MISSING_ID, { adopted: true })).status).toBe(404);
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

    const remove = () =>
      ctx.request(`/api/pets/${pet._id}`, { method: 'DELETE', token: admin.token });
    const res = await remove();
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

    expect((await remove()).status).toBe(404);
  });
});
