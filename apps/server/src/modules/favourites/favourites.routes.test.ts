import { describe, expect, it } from 'vitest';
import { MISSING_ID } from '../../../test/helpers/factories';
import { addPetVia } from '../../../test/helpers/pets';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

const ctx = useTestContext();
const { owner, fan, other } = useUsers(ctx, {
  owner: { name: 'Olive Owner' },
  fan: { name: 'Fran Fan' },
  other: { name: 'Oscar Other' },
});

const save = (petId: string, token?: string) =>
  ctx.request(`/api/user/favourites/${petId}`, { method: 'PUT', token });
const unsave = (petId: string, token?: string) =>
  ctx.request(`/api/user/favourites/${petId}`, { method: 'DELETE', token });
const list = (token: string, query = '') => ctx.request(`/api/user/favourites${query}`, { token });

describe('favourites', () => {
  it('saves pets once each, lists them newest first with their status, and removes them', async () => {
    const bella = await addPetVia(ctx, owner.token, { petName: 'Bella' });
    const milo = await addPetVia(ctx, owner.token, { petName: 'Milo' });
    expect((await save(bella._id, fan.token)).status).toBe(200);
    expect((await save(milo._id, fan.token)).status).toBe(200);
    expect((await save(bella._id, fan.token)).status).toBe(200);

    const saved = await list(fan.token);
    expect(saved.headers.get('x-total-count')).toBe('2');
    expect(saved.body.map((f: { petName: string }) => f.petName)).toEqual(['Milo', 'Bella']);
    expect(saved.body[0]).toMatchObject({ petId: milo._id, status: 'available' });
    expect(saved.body[0].petImage).toMatch(/^\/api\/images\//);
    const ids = await ctx.request('/api/user/favourite-pet-ids', { token: fan.token });
    expect(ids.body).toEqual([milo._id, bella._id]);

    expect((await unsave(milo._id, fan.token)).status).toBe(200);
    expect((await unsave(milo._id, fan.token)).status).toBe(404);
    expect((await list(fan.token)).body.map((f: { petName: string }) => f.petName)).toEqual([
      'Bella',
    ]);
  });

  it('says a saved pet was adopted or deleted instead of dropping it', async () => {
    const adopted = await addPetVia(ctx, owner.token, { petName: 'Adopted One' });
    const deleted = await addPetVia(ctx, owner.token, { petName: 'Gone One' });
    await save(adopted._id, other.token);
    await save(deleted._id, other.token);
    await ctx.request(`/api/pets/${adopted._id}/adopted`, {
      method: 'PATCH',
      token: owner.token,
      json: { adopted: true },
    });
    expect(
      (await ctx.request(`/api/pet/${deleted._id}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(200);

    const saved = await list(other.token);
    expect(saved.body).toEqual([
      expect.objectContaining({
        petId: null,
        petName: 'Gone One',
        petImage: null,
        status: 'deleted',
      }),
      expect.objectContaining({ petId: adopted._id, petName: 'Adopted One', status: 'adopted' }),
    ]);
    expect((await ctx.request('/api/user/favourite-pet-ids', { token: other.token })).body).toEqual(
      [adopted._id],
    );

    // the pet is gone, so its favourite is removed by its own id; by nobody else
    const gone = saved.body[0]._id as string;
    expect((await unsave(gone, fan.token)).status).toBe(404);
    expect((await unsave(gone, other.token)).status).toBe(200);
    expect((await list(other.token)).body).toEqual([
      expect.objectContaining({ petId: adopted._id, status: 'adopted' }),
    ]);
    expect((await unsave(gone, other.token)).status).toBe(404);
  });

  it("is each user's own: nobody sees or changes another's, visitors sign in first", async () => {
    const pet = await addPetVia(ctx, owner.token, { petName: 'Private' });
    await save(pet._id, fan.token);
    expect((await list(owner.token)).body.map((f: { petName: string }) => f.petName)).not.toContain(
      'Private',
    );
    // removing it from someone else's list is impossible: each call acts on the caller's own
    expect((await unsave(pet._id, owner.token)).status).toBe(404);
    expect((await list(fan.token)).body.map((f: { petName: string }) => f.petName)).toContain(
      'Private',
    );
    for (const res of [
      await save(pet._id),
      await unsave(pet._id),
      await ctx.request('/api/user/favourites'),
      await ctx.request('/api/user/favourite-pet-ids'),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('names the bad input: a malformed id (400), a missing pet (404), a bad page (400)', async () => {
    const bad = await save('not-an-id', fan.token);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('param.id');
    expect((await save(MISSING_ID, fan.token)).status).toBe(404);
    const page = await list(fan.token, '?page=0');
    expect(page.status).toBe(400);
    expect(page.body.issues[0].path).toBe('query.page');
  });
});
