import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseHostedImageUrl } from '@pet-haven/shared/images';
import { petCategories } from '@pet-haven/shared/pets';
import { expectError, expectInvalid } from '../../../test/helpers/expect';
import { MISSING_ID, createUser } from '../../../test/helpers/factories';
import { addPetVia, petBody, type PetInput } from '../../../test/helpers/pets';
import { uploadPicture } from '../../../test/helpers/pictures';
import { createTestContext, useTestContext, useUsers } from '../../../test/helpers/test-app';
import { pets as petsTable, user } from '../../db/schema/index';

// No grace period: a released picture goes at once.
const ctx = useTestContext({ IMAGE_GRACE_MINUTES: '0' });
const { owner, other, admin } = useUsers(ctx, {
  owner: { name: 'Owner' },
  other: { name: 'Other' },
  admin: { role: 'admin' },
});

/** A distinct picture the size the form uploads (renditions up to 500w). */
const picture = () => uploadPicture(ctx, owner.token, { width: 500, height: 300 });

/** A valid add-pet body with a fresh picture, `overrides` on top. */
const newPetBody = async (overrides: PetInput = {}) => petBody(await picture(), overrides);

const addPet = async (token = owner.token, overrides: PetInput = {}) =>
  addPetVia(ctx, token, { ...overrides, petImage: overrides.petImage ?? (await picture()) });

describe('POST /api/add-pet', () => {
  it('creates a pet owned by the caller, ignoring a userEmail in the body', async () => {
    const res = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await newPetBody({ userEmail: other.email, petName: '  Trimmed  ' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      petName: 'Trimmed',
      petCategory: 'dog',
      adopted: false,
      userEmail: owner.email,
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.dateAdded).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.petImage).toMatch(/^\/api\/images\/[0-9a-f]{64}-500w\.webp$/);
  });

  it('refuses anonymous callers with 401, even with a bad body', async () => {
    expect((await ctx.request('/api/add-pet', { json: await newPetBody() })).status).toBe(401);
    expect((await ctx.request('/api/add-pet', { json: {} })).status).toBe(401);
  });

  it('answers 400 naming each missing or too long field', async () => {
    const res = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await newPetBody({ petName: '', petAge: undefined, petCategory: 'dragon' }),
    });
    expect(res.status).toBe(400);
    const paths = res.body.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['json.petName', 'json.petAge', 'json.petCategory']),
    );

    const long = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await newPetBody({ shortDescription: 'x'.repeat(301) }),
    });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('json.shortDescription');

    const notJson = await ctx.request('/api/add-pet', { token: owner.token, json: '{oops' });
    expect(notJson.status).toBe(400);
  });

  it('refuses a picture this server does not host with 400 on petImage', async () => {
    for (const petImage of [
      'https://i.ibb.co/abc/cat.jpg',
      `/api/images/${'c'.repeat(64)}-400w.webp`,
      `https://evil.example/api/images/${'c'.repeat(64)}-400w.webp`,
      '',
    ]) {
      const res = await ctx.request('/api/add-pet', {
        token: owner.token,
        json: await newPetBody({ petImage }),
      });
      expect(res.status, petImage).toBe(400);
      expect(res.body.issues[0].path).toBe('json.petImage');
    }
  });

  it('accepts the display_url as an absolute URL on its own origin', async () => {
    const url = await picture();
    const res = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await newPetBody({ petImage: `http://localhost:3000${url}` }),
    });
    expect(res.status).toBe(201);
    expect(res.body.petImage).toBe(url);
  });
});

describe('GET /api/pets and GET /api/pets/{id}', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {};
    const specs = [
      ['Whiskers', 'cat'],
      ['Polly 100%', 'bird'],
      ['Under_score', 'reptile'],
      ['Back\\slash', 'other'],
      ['Snowball', 'cat'],
    ] as const;
    for (const [petName, petCategory] of specs) {
      ids[petName] = (await addPet(other.token, { petName, petCategory }))._id;
    }
    await ctx.request(`/api/pets/${ids.Snowball}/adopted`, { method: 'PATCH', token: other.token });
  });

  it('lists newest first with the total in X-Total-Count, and no e-mail for anonymous callers', async () => {
    const res = await ctx.request('/api/pets?limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]._id).toBe(ids['Back\\slash']);
    expect(res.body[1]._id).toBe(ids.Under_score);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(6);
    for (const pet of res.body) {
      expect(pet).not.toHaveProperty('userEmail');
      expect(JSON.stringify(pet)).not.toContain('@');
    }
    const page2 = await ctx.request('/api/pets?limit=2&page=2');
    expect(page2.body[0]._id).not.toBe(res.body[0]._id);

    const signedIn = await ctx.request('/api/pets?limit=1', { token: owner.token });
    expect(signedIn.body[0]._id).toBe(ids.Snowball);
    expect(signedIn.body[0].userEmail).toBe(other.email);
  });

  it('answers the same page again fresh after every kind of write, right after reading it', async () => {
    const page = '/api/pets?search=Freshness&limit=5';
    const read = async () => {
      const res = await ctx.request(page);
      return {
        names: (res.body as { petName: string }[]).map((p) => p.petName),
        total: res.headers.get('x-total-count'),
      };
    };
    expect(await read()).toEqual({ names: [], total: '0' });
    const pet = await addPetVia(ctx, owner.token, { petName: 'Freshness One' });
    expect(await read()).toEqual({ names: ['Freshness One'], total: '1' });
    await ctx.request(`/api/update-pet/${pet._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { petName: 'Freshness Two' },
    });
    expect(await read()).toEqual({ names: ['Freshness Two'], total: '1' });
    await ctx.request(`/api/pet/${pet._id}`, { method: 'DELETE', token: owner.token });
    expect(await read()).toEqual({ names: [], total: '0' });
  });

  it('shows anonymous callers only pets not yet adopted, whatever they ask', async () => {
    for (const q of ['', '?adopted=true', '?adopted=false', '?category=cat']) {
      const res = await ctx.request(`/api/pets${q}`);
      expect(res.status, q).toBe(200);
      for (const pet of res.body) expect(pet.adopted, `${q} ${pet.petName}`).toBe(false);
    }
    const all = await ctx.request('/api/pets');
    const adopted = await ctx.request('/api/pets?adopted=true');
    expect(adopted.headers.get('x-total-count')).toBe(all.headers.get('x-total-count'));
    const cats = await ctx.request('/api/pets?category=cat');
    expect(cats.body.map((p: { petName: string }) => p.petName)).toEqual(['Whiskers']);
    expect(cats.headers.get('x-total-count')).toBe('1');
  });

  it('filters by adopted, category and case-insensitive name substring', async () => {
    const as = { token: owner.token };
    const cats = await ctx.request('/api/pets?category=cat', as);
    expect(cats.body.map((p: { petName: string }) => p.petName).sort()).toEqual([
      'Snowball',
      'Whiskers',
    ]);
    const available = await ctx.request('/api/pets?category=cat&adopted=false', as);
    expect(available.body.map((p: { petName: string }) => p.petName)).toEqual(['Whiskers']);
    expect(available.headers.get('x-total-count')).toBe('1');

    const search = await ctx.request('/api/pets?search=WHISK', as);
    expect(search.body.map((p: { petName: string }) => p.petName)).toEqual(['Whiskers']);
    const adopted = await ctx.request('/api/pets?adopted=true', as);
    expect(adopted.body.map((p: { petName: string }) => p.petName)).toEqual(['Snowball']);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    const names = async (q: string) =>
      (await ctx.request(`/api/pets?search=${encodeURIComponent(q)}`)).body.map(
        (p: { petName: string }) => p.petName,
      );
    expect(await names('%')).toEqual(['Polly 100%']);
    expect(await names('_')).toEqual(['Under_score']);
    expect(await names('\\')).toEqual(['Back\\slash']);
    expect(await names('nothing like this')).toEqual([]);
  });

  it('answers 400 for bad query values', async () => {
    for (const q of [
      'limit=101',
      'limit=0',
      'page=0',
      'category=dragon',
      'adopted=maybe',
      'page=x',
    ]) {
      const res = await ctx.request(`/api/pets?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
  });

  it('answers one pet, 404 for a missing one and 400 for a bad id', async () => {
    const one = await ctx.request(`/api/pets/${ids.Whiskers}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: ids.Whiskers, petName: 'Whiskers' });
    expect(one.body).not.toHaveProperty('userEmail');
    const missing = await ctx.request(`/api/pets/${MISSING_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Pet not found');
    expect((await ctx.request('/api/pets/not-a-uuid')).status).toBe(400);
  });
});

describe('X-Total-Count', () => {
  it('is exact at once, even after a change this process did not make (another server)', async () => {
    const owner2 = await createUser(ctx.database.db);
    await addPet(owner2.token, { petName: 'Counted' });
    const url = '/api/pets?adopted=false&category=dog&limit=1';
    const before = Number((await ctx.request(url)).headers.get('x-total-count'));
    // Another server process sharing the database removes this owner's pets.
    await ctx.database.db.delete(petsTable).where(eq(petsTable.ownerId, owner2.id));
    const after = await ctx.request(url);
    expect(Number(after.headers.get('x-total-count'))).toBe(before - 1);
  });

  it('matches a count of the rows for every adoption state and category, through concurrent adds, adoptions, category changes and deletions', async () => {
    /** Every X-Total-Count the list answers for adopted x category, against counting the rows. */
    const expectTotalsExact = async () => {
      const rows = await ctx.database.db
        .select({ adopted: petsTable.adopted, category: petsTable.petCategory })
        .from(petsTable);
      for (const adopted of [undefined, true, false]) {
        for (const category of [undefined, ...petCategories]) {
          const query = new URLSearchParams({ limit: '1' });
          if (adopted !== undefined) query.set('adopted', String(adopted));
          if (category) query.set('category', category);
          const res = await ctx.request(`/api/pets?${query}`, { token: admin.token });
          const expected = rows.filter(
            (r) =>
              (adopted === undefined || r.adopted === adopted) &&
              (category === undefined || r.category === category),
          ).length;
          expect(Number(res.headers.get('x-total-count')), query.toString()).toBe(expected);
        }
      }
    };
    await expectTotalsExact();
    const owner3 = await createUser(ctx.database.db);
    const added = await Promise.all(
      (['dog', 'dog', 'cat', 'bird', 'reptile', 'other'] as const).map((petCategory, i) =>
        addPet(owner3.token, { petName: `Many ${i}`, petCategory }),
      ),
    );
    await expectTotalsExact();
    await Promise.all([
      ctx.request(`/api/pets/${added[0]!._id}/adopted`, { method: 'PATCH', token: owner3.token }),
      ctx.request(`/api/pets/${added[2]!._id}/adopted`, { method: 'PATCH', token: owner3.token }),
      ctx.request(`/api/update-pet/${added[1]!._id}`, {
        method: 'PATCH',
        token: owner3.token,
        json: { petCategory: 'cat' },
      }),
      ctx.request(`/api/update-pet/${added[3]!._id}`, {
        method: 'PATCH',
        token: owner3.token,
        json: { petName: 'Renamed, same category' },
      }),
      ctx.request(`/api/pet/${added[4]!._id}`, { method: 'DELETE', token: owner3.token }),
    ]);
    await expectTotalsExact();
    // the owner's account goes, and their pets with it (by foreign key, inside the database)
    await ctx.database.db.delete(user).where(eq(user.id, owner3.id));
    await expectTotalsExact();
  });
});

describe('PATCH /api/update-pet/{id}', () => {
  it('lets the owner change fields and the picture; the old picture is no longer served', async () => {
    const pet = await addPet();
    const oldUrl = pet.petImage;
    expect((await ctx.request(oldUrl)).status).toBe(200);
    const newUrl = await picture();
    const res = await ctx.request(`/api/update-pet/${pet._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { petName: 'Max', petImage: newUrl, userEmail: other.email },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ petName: 'Max', petImage: newUrl, userEmail: owner.email });
    expect(res.body.petAge).toBe('2 years');
    expect((await ctx.request(oldUrl)).status).toBe(404);
    expect((await ctx.request(newUrl)).status).toBe(200);
  });

  it('refuses anonymous (401), another user (403), lets an admin, 404 missing, 400 bad', async () => {
    const pet = await addPet();
    const update = (token: string | undefined, json: unknown, id = pet._id) =>
      ctx.request(`/api/update-pet/${id}`, { method: 'PATCH', token, json });
    expectError(await update(undefined, { petAge: '3' }), 401, 'UNAUTHORIZED');
    expectError(await update(other.token, { petAge: '3' }), 403, 'FORBIDDEN');
    const byAdmin = await update(admin.token, { petAge: '3' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.userEmail).toBe(owner.email);
    expectError(await update(owner.token, { petAge: '3' }, MISSING_ID), 404, 'NOT_FOUND');
    expectInvalid(await update(owner.token, {}));
    expect(expectInvalid(await update(owner.token, { petName: ' ' }))[0]).toBe('json.petName');
    expectInvalid(await update(owner.token, { petAge: '3' }, '123'));
  });
});

describe('GET /api/user/pets', () => {
  it("answers the caller's own pets, paged with X-Total-Count", async () => {
    const u = await createUser(ctx.database.db);
    for (const petName of ['A', 'B', 'C']) await addPet(u.token, { petName });
    const res = await ctx.request(`/api/user/pets?email=${encodeURIComponent(u.email)}&limit=2`, {
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { petName: string }) => p.petName)).toEqual(['C', 'B']);
    expect(res.headers.get('x-total-count')).toBe('3');
    const noEmail = await ctx.request('/api/user/pets?page=2&limit=2', { token: u.token });
    expect(noEmail.body.map((p: { petName: string }) => p.petName)).toEqual(['A']);
  });

  it("refuses anonymous (401) and someone else's list (403); an admin may ask for anyone", async () => {
    const q = `/api/user/pets?email=${encodeURIComponent(owner.email)}`;
    expect((await ctx.request(q)).status).toBe(401);
    expect((await ctx.request(q, { token: other.token })).status).toBe(403);
    const byAdmin = await ctx.request(q, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.length).toBeGreaterThan(0);
    expect(byAdmin.body.every((p: { userEmail: string }) => p.userEmail === owner.email)).toBe(
      true,
    );
    const unknown = await ctx.request('/api/user/pets?email=nobody@example.com', {
      token: admin.token,
    });
    expect(unknown.body).toEqual([]);
  });
});

describe('PATCH /api/pets/{id}/adopted', () => {
  it('lets the owner mark adopted once, one way only', async () => {
    const pet = await addPet();
    const url = `/api/pets/${pet._id}/adopted`;
    const res = await ctx.request(url, { method: 'PATCH', token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.adopted).toBe(true);
    const again = await ctx.request(url, { method: 'PATCH', token: owner.token, json: {} });
    expect(again.status).toBe(200);
    expect(again.body.adopted).toBe(true);
    const undo = await ctx.request(url, {
      method: 'PATCH',
      token: owner.token,
      json: { adopted: false },
    });
    expect(undo.status).toBe(403);
    const byAdmin = await ctx.request(url, {
      method: 'PATCH',
      token: admin.token,
      json: { adopted: false },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.adopted).toBe(false);
  });

  it('refuses anonymous (401), another user (403), missing (404), bad id or body (400)', async () => {
    const pet = await addPet();
    const url = `/api/pets/${pet._id}/adopted`;
    expect((await ctx.request(url, { method: 'PATCH' })).status).toBe(401);
    expect((await ctx.request(url, { method: 'PATCH', token: other.token })).status).toBe(403);
    expect(
      (
        await ctx.request(`/api/pets/${MISSING_ID}/adopted`, {
          method: 'PATCH',
          token: owner.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.request('/api/pets/nope/adopted', { method: 'PATCH', token: owner.token })).status,
    ).toBe(400);
    const badBody = await ctx.request(url, {
      method: 'PATCH',
      token: owner.token,
      json: { adopted: 'yes' },
    });
    expect(badBody.status).toBe(400);
    expect((await ctx.request(`/api/pets/${pet._id}`)).body.adopted).toBe(false);
  });

  it('takes no body or a JSON body; any other body is refused and changes nothing', async () => {
    const pet = await addPet();
    const url = `/api/pets/${pet._id}/adopted`;
    for (const [type, body] of [
      ['text/plain', 'hello'],
      ['text/plain', '{"adopted":true}'],
      ['application/x-www-form-urlencoded', 'adopted=true'],
      [undefined, 'adopted'],
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '{"adopted":'],
    ] as const) {
      const res = await ctx.request(url, {
        method: 'PATCH',
        token: owner.token,
        body,
        headers: type ? { 'content-type': type } : {},
      });
      expect([400, 415], `${type} ${body}`).toContain(res.status);
      expect((await ctx.request(`/api/pets/${pet._id}`)).body.adopted, `${type} ${body}`).toBe(
        false,
      );
    }
    const json = await ctx.request(url, { method: 'PATCH', token: owner.token, json: {} });
    expect(json.status).toBe(200);
    expect(json.body.adopted).toBe(true);
    const none = await ctx.request(`/api/pets/${(await addPet())._id}/adopted`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect(none.status).toBe(200);
    expect(none.body.adopted).toBe(true);
  });
});

describe('DELETE /api/pet/{id}', () => {
  it('deletes the pet with its adoption requests and stops serving its picture', async () => {
    const pet = await addPet();
    const req = await ctx.request('/api/adoption-requests', {
      token: other.token,
      json: { petId: pet._id, phone: '+1 555 0100', address: '1 Main St' },
    });
    expect(req.status).toBe(201);
    const { id: imageId } = parseHostedImageUrl(pet.petImage)!;

    const res = await ctx.request(`/api/pet/${pet._id}`, { method: 'DELETE', token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect((await ctx.request(`/api/pets/${pet._id}`)).status).toBe(404);
    const mine = await ctx.request('/api/user/my-adoption-requests', { token: other.token });
    expect(mine.body.some((r: { _id: string }) => r._id === req.body._id)).toBe(false);
    expect((await ctx.request(pet.petImage)).status).toBe(404);
    expect((await ctx.request(`/api/images/${imageId}-400w.webp`)).status).toBe(404);
  });

  it('keeps a picture another pet still uses', async () => {
    const url = await picture();
    const a = await addPet(owner.token, { petImage: url });
    await addPet(owner.token, { petImage: url });
    await ctx.request(`/api/pet/${a._id}`, { method: 'DELETE', token: owner.token });
    expect((await ctx.request(url)).status).toBe(200);
  });

  it('refuses anonymous (401), another user (403); admin allowed; 404 missing; 400 bad id', async () => {
    const pet = await addPet();
    const url = `/api/pet/${pet._id}`;
    expect((await ctx.request(url, { method: 'DELETE' })).status).toBe(401);
    expect((await ctx.request(url, { method: 'DELETE', token: other.token })).status).toBe(403);
    expect((await ctx.request(url, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await ctx.request(url, { method: 'DELETE', token: owner.token })).status).toBe(404);
    expect((await ctx.request('/api/pet/x', { method: 'DELETE', token: owner.token })).status).toBe(
      400,
    );
  });
});

describe('unattached uploads', () => {
  it('keeps fresh uploads for the grace period', async () => {
    const graceCtx = await createTestContext();
    try {
      const u = await createUser(graceCtx.database.db);
      const pet = await addPetVia(graceCtx, u.token, { petName: 'Fresh' });
      await graceCtx.request(`/api/pet/${pet._id}`, { method: 'DELETE', token: u.token });
      // Uploaded a moment ago: someone may be about to attach it again.
      expect((await graceCtx.request(pet.petImage)).status).toBe(200);
    } finally {
      await graceCtx.close();
    }
  });
});

describe('odd requests', () => {
  it('never answer 5xx: wrong content types, malformed JSON, arrays, nulls, huge numbers', async () => {
    const pet = await addPet();
    const targets: [string, string][] = [
      ['POST', '/api/add-pet'],
      ['PATCH', `/api/update-pet/${pet._id}`],
      ['PATCH', `/api/pets/${pet._id}/adopted`],
      ['POST', '/api/adoption-requests'],
    ];
    const bodies: { body: string; type?: string }[] = [
      { body: '{"petName":', type: 'application/json' },
      { body: '[]', type: 'application/json' },
      { body: 'null', type: 'application/json' },
      { body: '{"petName": {"$gt": ""}, "adopted": 1e999}', type: 'application/json' },
      { body: 'petName=Rex', type: 'application/x-www-form-urlencoded' },
      { body: 'hello', type: 'text/plain' },
      { body: '' },
    ];
    for (const [method, url] of targets) {
      for (const { body, type } of bodies) {
        const res = await ctx.request(url, {
          method,
          token: owner.token,
          body,
          headers: type ? { 'content-type': type } : {},
        });
        // A string body always carries a content type (text/plain by default): never valid.
        const label = `${method} ${url} ${type} ${body}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
      }
    }
    for (const q of [
      'page=1e9',
      'limit=-1',
      'search=' + 'x'.repeat(500),
      'category=',
      'adopted=',
    ]) {
      expect((await ctx.request(`/api/pets?${q}`)).status, q).toBeLessThan(500);
    }
  });
});
