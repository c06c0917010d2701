import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia, uploadPicture } from '../../test/helpers/campaigns';
import { createUser, type TestUser } from '../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { handleError } from './errors';
import type { AppEnv } from './hono-env';

/**
 * PostgreSQL cannot store a NUL byte in a text column: every text input refuses it (and other
 * control characters) with a 400 naming the field, for anonymous and signed-in callers alike.
 */
let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx.database.db);
});
afterAll(() => ctx.close());

const issuePaths = (body: { issues?: { path: string }[] }) =>
  (body.issues ?? []).map((i) => i.path);

describe('NUL and other control characters in text input', () => {
  it('GET /api/pets?search=%00 (anonymous) answers 400 naming query.search', async () => {
    const res = await ctx.request('/api/pets?search=%00');
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain('query.search');
  });

  it('GET /api/users/admin/a%00b answers 400 naming param.email', async () => {
    const res = await ctx.request('/api/users/admin/a%00b', { token: user.token });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain('param.email');
  });

  it('GET /api/user/pets?email=a%00b answers 400 naming query.email', async () => {
    const res = await ctx.request('/api/user/pets?email=a%00b', { token: user.token });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain('query.email');
  });

  it('PATCH /api/update-donation/{id} with petName "a\\u0000b" answers 400 naming json.petName', async () => {
    const campaign = await createCampaignVia(ctx, user.token);
    const res = await ctx.request(`/api/update-donation/${campaign._id}`, {
      method: 'PATCH',
      token: user.token,
      json: { petName: 'a\u0000b' },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain('json.petName');
  });

  it('POST /api/users with displayName "x\\u0000y" answers 400 naming json.displayName', async () => {
    const res = await ctx.request('/api/users', {
      token: user.token,
      json: { email: user.email, displayName: 'x\u0000y' },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain('json.displayName');
  });

  it('long texts keep tabs and line breaks but refuse other control characters', async () => {
    const body = {
      petImage: await uploadPicture(ctx, user.token),
      petName: 'Rex',
      petAge: '2 years',
      petLocation: 'Dhaka',
      petCategory: 'dog',
      shortDescription: 'A good dog',
      longDescription: 'Line one\r\nLine two\n\tindented',
    };
    const ok = await ctx.request('/api/add-pet', { token: user.token, json: body });
    expect(ok.status).toBe(201);
    expect(ok.body.longDescription).toBe(body.longDescription);

    for (const [field, value] of [
      ['longDescription', 'bell \u0007'],
      ['petName', 'Rex\nsecond line'],
      ['petLocation', 'nul \u0000'],
    ] as const) {
      const res = await ctx.request('/api/add-pet', {
        token: user.token,
        json: { ...body, [field]: value },
      });
      expect(res.status, field).toBe(400);
      expect(issuePaths(res.body), field).toContain(`json.${field}`);
    }
  });
});

describe('the error handler', () => {
  it("answers PostgreSQL's refusal of unstorable text as a 400, not a 500", async () => {
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.get('/text', async (c) => {
      await ctx.database.db.execute(sql`select ${'a\u0000b'}::text`);
      return c.text('stored');
    });
    app.get('/json', async (c) => {
      await ctx.database.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`);
      return c.text('stored');
    });
    for (const path of ['/text', '/json']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
