import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHostedImageUrl } from '@pet-haven/shared/images';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/helpers/factories';
import { pets as petsTable } from '../../db/schema/index';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let colour = 0;

beforeAll(async () => {
  // No grace period: a released picture goes at once.
  ctx = await createTestContext({ IMAGE_GRACE_MINUTES: '0' });
  owner = await createUser(ctx.database.db, { name: 'Owner' });
  other = await createUser(ctx.database.db, { name: 'Other' });
  admin = await createAdmin(ctx.database.db);
});
afterAll(() => ctx.close());

/** Uploads a distinct (clearly different colour: WebP merges near ones) small picture through the API and answers its display_url. */
async function uploadPicture(token = owner.token): Promise<string> {
  colour += 1;
  const png = await sharp({
    create: {
      width: 500,
      height: 300,
      channels: 3,
      background: { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 13) % 256 },
    },
  })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pet.png');
  const res = await ctx.request('/api/images', { method: 'POST', token, body: fd });
  expect(res.status).toBe(201);
  return res.body.data.display_url;
}

const petBody = async (overrides: Record<string, unknown> = {}) => ({
  petImage: await uploadPicture(),
  petName: 'Rex',
  petAge: '2 years',
  petLocation: 'Dhaka',
  petCategory: 'dog',
  shortDescription: 'A good boy',
  longDescription: 'A very good boy who likes walks.',
  ...overrides,
});

async function addPet(token = owner.token, overrides: Record<string, unknown> = {}) {
  const res = await ctx.request('/api/add-pet', { token, json: await petBody(overrides) });
  expect(res.status).toBe(201);
  return res.body;
}

const missingId = '00000000-0000-4000-8000-000000000000';

describe('POST /api/add-pet', () => {
  it('creates a pet owned by the caller, ignoring a userEmail in the body', async () => {
    const res = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await petBody({ userEmail: other.email, petName: '  Trimmed  ' }),
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
    expect((await ctx.request('/api/add-pet', { json: await petBody() })).status).toBe(401);
    expect((await ctx.request('/api/add-pet', { json: {} })).status).toBe(401);
  });

  it('answers 400 naming each missing or too long field', async () => {
    const res = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await petBody({ petName: '', petAge: undefined, petCategory: 'dragon' }),
    });
    expect(res.status).toBe(400);
    const paths = res.body.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['json.petName', 'json.petAge', 'json.petCategory']),
    );

    const long = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await petBody({ shortDescription: 'x'.repeat(301) }),
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
        json: await petBody({ petImage }),
      });
      expect(res.status, petImage).toBe(400);
      expect(res.body.issues[0].path).toBe('json.petImage');
    }
  });

  it('accepts the display_url as an absolute URL on its own origin', async () => {
    const url = await uploadPicture();
    const res = await ctx.request('/api/add-pet', {
      token: owner.token,
      json: await petBody({ petImage: `http://localhost:3000${url}` }),
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
    const missing = await ctx.request(`/api/pets/${missingId}`);
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
});

describe('PATCH /api/update-pet/{id}', () => {
  it('lets the owner change fields and the picture; the old picture is no longer served', async () => {
    const pet = await addPet();
    const oldUrl = pet.petImage;
    expect((await ctx.request(oldUrl)).status).toBe(200);
    const newUrl = await uploadPicture();
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
    const url = `/api/update-pet/${pet._id}`;
    expect((await ctx.request(url, { method: 'PATCH', json: { petAge: '3' } })).status).toBe(401);
    const forbidden = await ctx.request(url, {
      method: 'PATCH',
      token: other.token,
      json: { petAge: '3' },
    });
    expect(forbidden.status).toBe(403);
    const byAdmin = await ctx.request(url, {
      method: 'PATCH',
      token: admin.token,
      json: { petAge: '3' },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.userEmail).toBe(owner.email);
    const missing = await ctx.request(`/api/update-pet/${missingId}`, {
      method: 'PATCH',
      token: owner.token,
      json: { petAge: '3' },
    });
    expect(missing.status).toBe(404);
    const bad = await ctx.request(url, { method: 'PATCH', token: owner.token, json: {} });
    expect(bad.status).toBe(400);
    const badName = await ctx.request(url, {
      method: 'PATCH',
      token: owner.token,
      json: { petName: ' ' },
    });
    expect(badName.status).toBe(400);
    expect(badName.body.issues[0].path).toBe('json.petName');
    const badId = await ctx.request('/api/update-pet/123', {
      method: 'PATCH',
      token: owner.token,
      json: { petAge: '3' },
    });
    expect(badId.status).toBe(400);
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
      (await ctx.request(`/api/pets/${missingId}/adopted`, { method: 'PATCH', token: owner.token }))
        .status,
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
    const url = await uploadPicture();
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
      const png = await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#123456' },
      })
        .png()
        .toBuffer();
      const fd = new FormData();
      fd.append('image', new Blob([new Uint8Array(png)]), 'a.png');
      const up = await graceCtx.request('/api/images', {
        method: 'POST',
        token: u.token,
        body: fd,
      });
      const body = {
        petImage: up.body.data.display_url,
        petName: 'Fresh',
        petAge: '1',
        petLocation: 'X',
        petCategory: 'other',
        shortDescription: 's',
        longDescription: 'l',
      };
      const pet = await graceCtx.request('/api/add-pet', { token: u.token, json: body });
      await graceCtx.request(`/api/pet/${pet.body._id}`, { method: 'DELETE', token: u.token });
      // Uploaded a moment ago: someone may be about to attach it again.
      expect((await graceCtx.request(up.body.data.display_url)).status).toBe(200);
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
