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
