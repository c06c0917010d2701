import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createCampaignVia, updateCampaignVia } from '../../test/helpers/campaigns';
import { expectInvalid } from '../../test/helpers/expect';
import { petBody } from '../../test/helpers/pets';
import { uploadPicture } from '../../test/helpers/pictures';
import { useTestContext, useUsers, type TestResponse } from '../../test/helpers/test-app';
import { handleError } from './errors';
import type { AppEnv } from './hono-env';

/**
 * PostgreSQL cannot store a NUL byte in a text column: every text input refuses it (and other
 * control characters) with a 400 naming the field, for anonymous and signed-in callers alike.
 */
const ctx = useTestContext();
const { user } = useUsers(ctx, { user: {} });

describe('NUL and other control characters in text input', () => {
  it.each<[string, string, () => Promise<TestResponse>]>([
    [
      'GET /api/pets?search=%00 (anonymous)',
      'query.search',
      () => ctx.request('/api/pets?search=%00'),
    ],
    [
      'GET /api/users/admin/a%00b',
      'param.email',
      () => ctx.request('/api/users/admin/a%00b', { token: user.token }),
    ],
    [
      'GET /api/user/pets?email=a%00b',
      'query.email',
      () => ctx.request('/api/user/pets?email=a%00b', { token: user.token }),
    ],
    [
      'PATCH /api/update-donation/{id} with petName "a\\u0000b"',
      'json.petName',
      async () => {
        const campaign = await createCampaignVia(ctx, user.token);
        return updateCampaignVia(ctx, user.token, campaign._id, { petName: 'a\u0000b' });
      },
    ],
    [
      'POST /api/users with displayName "x\\u0000y"',
      'json.displayName',
      () =>
        ctx.request('/api/users', {
          token: user.token,
          json: { email: user.email, displayName: 'x\u0000y' },
        }),
    ],
  ])('%s answers 400 naming %s', async (_call, path, send) => {
    expect(expectInvalid(await send())).toContain(path);
  });

  it('long texts keep tabs and line breaks but refuse other control characters', async () => {
    const body = petBody(await uploadPicture(ctx, user.token), {
      longDescription: 'Line one\r\nLine two\n\tindented',
    });
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
      expect(expectInvalid(res, field)).toContain(`json.${field}`);
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
