import { messages } from '@pet-haven/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index';
import { setAdminRoleIfVerified } from './users.repository';
import { auditEntriesFor } from '../../../test/helpers/admin';
import { createAdmin, createUser } from '../../../test/helpers/factories';
import { useTestContext } from '../../../test/helpers/test-app';

const ctx = useTestContext();

const db = () => ctx.database.db;

describe('POST /api/users', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await ctx.request('/api/users', { json: { email: 'a@example.com' } });
    expect(res.status).toBe(401);
  });

  it('saves the profile the first time, then answers "User already exists" and still updates', async () => {
    const u = await createUser(db());
    const first = await ctx.request('/api/users', {
      token: u.token,
      json: { email: u.email, displayName: 'New Name', photoURL: 'https://example.com/new.png' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ insertedId: u.id, message: 'User saved' });

    const again = await ctx.request('/api/users', {
      token: u.token,
      json: { email: u.email.toUpperCase(), name: 'Social Name' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      insertedId: null,
      message: messages.registration.serverAlreadyExists,
    });

    const admin = await createAdmin(db());
    const list = await ctx.request('/api/users?limit=100', { token: admin.token });
    const me = list.body.find((x: { _id: string }) => x._id === u.id);
    expect(me).toMatchObject({ name: 'Social Name', photoURL: 'https://example.com/new.png' });
  });

  it("answers 403 for someone else's e-mail", async () => {
    const u = await createUser(db());
    const other = await createUser(db());
    const res = await ctx.request('/api/users', {
      token: u.token,
      json: { email: other.email, displayName: 'Hijack' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses bad bodies with 400 naming the field, never 5xx', async () => {
    const u = await createUser(db());
    const cases: [unknown, string | null][] = [
      [{}, 'json.email'],
      [{ email: 'not-an-email' }, 'json.email'],
      [{ email: u.email, photoURL: 'javascript:alert(1)' }, 'json.photoURL'],
      [{ email: u.email, displayName: 'x'.repeat(101) }, 'json.displayName'],
      [{ email: u.email, name: 42 }, 'json.name'],
      [{ email: 'x'.repeat(600_000) }, 'json.email'],
      ['{not json', null],
      ['[1]', null],
      ['null', null],
    ];
    for (const [json, field] of cases) {
      const res = await ctx.request('/api/users', { token: u.token, json });
      const label = JSON.stringify(json).slice(0, 60);
      expect(res.status, label).toBe(400);
      if (field) {
        expect(
          res.body.issues.map((i: { path: string }) => i.path),
          label,
        ).toContain(field);
      }
    }
  });
});

describe('GET /api/users', () => {
  it('answers 401 anonymous and 403 to a non-admin', async () => {
    const u = await createUser(db());
    expect((await ctx.request('/api/users')).status).toBe(401);
    const res = await ctx.request('/api/users', { token: u.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('lists users oldest first for an admin, paged, with the total in X-Total-Count', async () => {
    const admin = await createAdmin(db());
    const all = await ctx.request('/api/users?limit=100', { token: admin.token });
    expect(all.status).toBe(200);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(Object.keys(all.body[0]).sort()).toEqual([
      '_id',
      'email',
      'emailVerified',
      'name',
      'photoURL',
      'role',
    ]);

    const page1 = await ctx.request('/api/users?page=1&limit=2', { token: admin.token });
    const page2 = await ctx.request('/api/users?page=2&limit=2', { token: admin.token });
    expect(page1.body).toHaveLength(2);
    expect(page1.headers.get('x-total-count')).toBe(String(total));
    expect([...page1.body, ...page2.body].map((x: { _id: string }) => x._id)).toEqual(
      all.body.slice(0, 4).map((x: { _id: string }) => x._id),
    );
    // The newest account (the admin just created) comes last.
    expect(all.body.at(-1)._id).toBe(admin.id);
    expect((await ctx.request('/api/users?page=999', { token: admin.token })).body).toEqual([]);
  });

  it('refuses bad paging with 400', async () => {
    const admin = await createAdmin(db());
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=abc', 'limit=1.5']) {
      const res = await ctx.request(`/api/users?${q}`, { token: admin.token });
      expect(res.status, q).toBe(400);
    }
  });
});

describe('GET /api/users/admin/{email}', () => {
  it('answers for yourself, refuses others, and lets an admin ask about anyone', async () => {
    const u = await createUser(db());
    const other = await createUser(db());
    const admin = await createAdmin(db());
    const path = (email: string) => `/api/users/admin/${encodeURIComponent(email)}`;

    expect((await ctx.request(path(u.email))).status).toBe(401);
    const self = await ctx.request(path(u.email.toUpperCase()), { token: u.token });
    expect(self.status).toBe(200);
    expect(self.body).toEqual({ admin: false });
    expect((await ctx.request(path(other.email), { token: u.token })).status).toBe(403);

    expect((await ctx.request(path(admin.email), { token: admin.token })).body).toEqual({
      admin: true,
    });
    expect((await ctx.request(path(u.email), { token: admin.token })).body).toEqual({
      admin: false,
    });
    expect((await ctx.request(path('nobody@example.com'), { token: admin.token })).body).toEqual({
      admin: false,
    });
  });
});

describe('PATCH /api/users/admin/{id}', () => {
  it('answers 401 anonymous and 403 to a non-admin', async () => {
    const u = await createUser(db());
    const target = await createUser(db());
    expect((await ctx.request(`/api/users/admin/${target.id}`, { method: 'PATCH' })).status).toBe(
      401,
    );
    const res = await ctx.request(`/api/users/admin/${target.id}`, {
      method: 'PATCH',
      token: u.token,
    });
    expect(res.status).toBe(403);
  });

  it('promotes (modifiedCount 1), then answers 0 (not an error), and writes one audit entry', async () => {
    const admin = await createAdmin(db());
    const target = await createUser(db());
    const promote = () =>
      ctx.request(`/api/users/admin/${target.id}`, { method: 'PATCH', token: admin.token });
    const first = await promote();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ modifiedCount: 1 });
    const again = await promote();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ modifiedCount: 0 });

    // The promoted user is an admin at once, with the token they already hold.
    const check = await ctx.request(`/api/users/admin/${encodeURIComponent(target.email)}`, {
      token: target.token,
    });
    expect(check.body).toEqual({ admin: true });
    expect((await ctx.request('/api/users', { token: target.token })).status).toBe(200);
    expect((await ctx.request('/api/all-pets', { token: target.token })).status).toBe(200);

    expect(await auditEntriesFor(ctx, admin.token, target.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'user.promote',
        targetType: 'user',
        before: { email: target.email, role: 'user' },
        after: { email: target.email, role: 'admin' },
      }),
    ]);
  });

  it('refuses (409) a user whose e-mail is not verified, changing nothing; once verified, promotes', async () => {
    const admin = await createAdmin(db());
    const target = await createUser(db(), { emailVerified: false });
    const promote = () =>
      ctx.request(`/api/users/admin/${target.id}`, { method: 'PATCH', token: admin.token });
    const refused = await promote();
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'CONFLICT',
      message: messages.users.cannotPromoteUnverified(target.name),
    });
    const list = await ctx.request('/api/users?limit=100', { token: admin.token });
    expect(list.body.find((x: { _id: string }) => x._id === target.id)).toMatchObject({
      role: 'user',
      emailVerified: false,
    });
    expect(await auditEntriesFor(ctx, admin.token, target.id)).toEqual([]);

    await db().update(user).set({ emailVerified: true }).where(eq(user.id, target.id));
    const promoted = await promote();
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({ modifiedCount: 1 });
  });

  it('checks the e-mail again in the update itself, for a promotion that read the user before', async () => {
    const target = await createUser(db(), { emailVerified: false });
    expect(await setAdminRoleIfVerified(db(), target.id)).toBeNull();
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, target.id));
    expect(await setAdminRoleIfVerified(db(), target.id)).toMatchObject({ role: 'admin' });
  });

  it('answers 404 for an unknown id and 400 for an over-long one', async () => {
    const admin = await createAdmin(db());
    const missing = await ctx.request('/api/users/admin/no-such-user', {
      method: 'PATCH',
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    const long = await ctx.request(`/api/users/admin/${'x'.repeat(100)}`, {
      method: 'PATCH',
      token: admin.token,
    });
    expect(long.status).toBe(400);
  });

  it('has no demotion route', async () => {
    const admin = await createAdmin(db());
    const res = await ctx.request(`/api/users/admin/${admin.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(res.status).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('describes the accounts routes', async () => {
    const doc = await ctx.request('/api/openapi.json');
    expect(doc.body.paths['/users']).toHaveProperty('post');
    expect(doc.body.paths['/users']).toHaveProperty('get');
    expect(doc.body.paths['/users/admin/{email}']).toHaveProperty('get');
    expect(doc.body.paths['/users/admin/{id}']).toHaveProperty('patch');
    expect(doc.body.paths['/jwt']).toHaveProperty('post');
    expect(doc.body.paths['/admin/audit-log']).toHaveProperty('get');
  });
});

describe('who may call comes before what was sent', () => {
  it('answers 401 to anonymous callers and 403 to non-admins whatever the input', async () => {
    const u = await createUser(db());
    const cases: [string, { method?: string; json?: unknown }, number, number | null][] = [
      ['/api/users?limit=abc', {}, 401, 403],
      ['/api/users', { method: 'POST', json: {} }, 401, null],
      ['/api/users/admin/x', { method: 'PATCH', json: {} }, 401, 403],
      ['/api/users/admin/%20', {}, 401, null],
    ];
    for (const [path, init, anonymous, user] of cases) {
      expect((await ctx.request(path, init)).status, `anonymous ${path}`).toBe(anonymous);
      if (user !== null) {
        const res = await ctx.request(path, { ...init, token: u.token });
        expect(res.status, `user ${path}`).toBe(user);
      }
    }
  });
});
