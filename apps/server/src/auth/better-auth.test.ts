import { errorCodes } from '@pet-haven/shared/errors';
import { messages } from '@pet-haven/shared/messages';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/helpers/factories';
import {
  cookiesOf,
  resetPassword,
  resetToken,
  signUp,
  SITE_ORIGIN,
} from '../../test/helpers/sessions';
import { eq } from 'drizzle-orm';
import { account, session } from '../db/schema/index';
import { createAuth } from './better-auth';
import { createTestContext, useTestContext } from '../../test/helpers/test-app';

const ADMIN = 'chief@example.com';
// Tests here sign in many times from one (socket-less) client: keep the limit out of the way.
const ctx = useTestContext({
  ADMIN_EMAILS: `${ADMIN}, other-chief@example.com`,
  AUTH_RATE_LIMIT_MAX: '1000',
});

const valid = { name: 'Ada', password: 'Secret1', image: 'https://example.com/ada.png' };
const signUpBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  ...valid,
  email,
  ...overrides,
});

describe('POST /api/auth/sign-up/email', () => {
  it('refuses a password of 6 lowercase letters with 400 naming the field, creating nobody', async () => {
    const res = await ctx.request('/api/auth/sign-up/email', {
      json: signUpBody('weak@example.com', { password: 'abcdef' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toBe(messages.registration.passwordRule);
    expect(res.body.issues).toEqual([
      { path: 'json.password', message: messages.registration.passwordRule },
    ]);
    const signIn = await ctx.request('/api/auth/sign-in/email', {
      json: { email: 'weak@example.com', password: 'abcdef' },
    });
    expect(signIn.status).toBe(401);
  });

  it.each([
    ['password', { password: 'ABCDEF' }],
    ['password', { password: 'Ab1' }],
    ['password', { password: `Aa${'x'.repeat(200)}` }],
    ['image', { image: undefined }],
    ['image', { image: '' }],
    ['image', { image: 'javascript:alert(1)' }],
    ['image', { image: 'not a url' }],
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(101) }],
    ['email', { email: 'not-an-email' }],
  ])('refuses a bad %s (%j) with 400 naming it', async (field, overrides) => {
    const res = await ctx.request('/api/auth/sign-up/email', {
      json: signUpBody('someone@example.com', overrides),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(`json.${field}`);
  });

  it("uses the form's labels for missing or mistyped fields", async () => {
    const res = await ctx.request('/api/auth/sign-up/email', {
      json: { email: 'labels@example.com', password: 'Secret1', name: 42 },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'json.name', message: 'Name must be text' },
      { path: 'json.image', message: 'Photo URL is required' },
    ]);
    expect(res.body.message).toBe('Name must be text');
  });

  it('creates the user with a valid body, starts a session, and keeps the role out of reach', async () => {
    const res = await ctx.request('/api/auth/sign-up/email', {
      json: signUpBody('Ada@Example.com', { role: 'admin' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      image: valid.image,
      role: 'user',
    });
    expect(cookiesOf(res)).toContain('better-auth.session_token=');
    const session = await ctx.request('/api/auth/get-session', {
      headers: { cookie: cookiesOf(res) },
    });
    expect(session.body.user.email).toBe('ada@example.com');
    expect(session.body.user.role).toBe('user');
  });

  it('answers 422 "already exists" for a registered e-mail', async () => {
    await signUp(ctx, { email: 'twice@example.com' });
    const res = await ctx.request('/api/auth/sign-up/email', {
      json: signUpBody('TWICE@example.com'),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
  });

  it('does not make an e-mail listed in ADMIN_EMAILS an admin before it is verified', async () => {
    // whoever signs up first with a listed address must show it is theirs (email-verification.test.ts)
    const res = await ctx.request('/api/auth/sign-up/email', {
      json: signUpBody('Chief@example.com'),
    });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('user');
    const signedIn = await ctx.request('/api/auth/sign-in/email', {
      json: { email: 'chief@example.com', password: 'Secret1' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.role).toBe('user');
    const rows = await ctx.database.db.query.auditLog.findMany();
    expect(rows.filter((r) => r.targetId === res.body.user.id)).toEqual([]);
  });

  it('never answers 5xx to malformed bodies', async () => {
    const bodies: { json?: unknown; body?: string; headers?: Record<string, string> }[] = [
      { json: '{not json' },
      { json: '[1,2,3]' },
      { json: 'null' },
      { json: '"text"' },
      { json: { name: 5, email: {}, password: [], image: 1 } },
      { json: { name: 'x'.repeat(100_000), email: 'big@example.com', password: 'Secret1' } },
      { json: signUpBody('huge@example.com', { password: `Aa${'x'.repeat(500_000)}` }) },
      { body: 'name=a&email=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { body: 'plain', headers: { 'content-type': 'text/plain' } },
    ];
    for (const init of bodies) {
      for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
        const res = await ctx.request(path, { method: 'POST', ...init });
        expect(res.status, `${path} ${JSON.stringify(init).slice(0, 80)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.status, `${path} ${JSON.stringify(init).slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });
});

describe('createAuth(deps).api (server-side use, e.g. demo data)', () => {
  it('applies the same sign-up rules, and the account can then sign in over HTTP', async () => {
    const auth = createAuth(ctx.deps);
    await expect(
      auth.api.signUpEmail({
        body: { name: 'Seed', email: 'seed@example.com', password: 'weakpw', image: valid.image },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Seed', email: 'seed@example.com', password: 'Seeded1', image: valid.image },
    });
    expect(user.email).toBe('seed@example.com');
    const res = await ctx.request('/api/auth/sign-in/email', {
      json: { email: 'seed@example.com', password: 'Seeded1' },
    });
    expect(res.status).toBe(200);
  });
});

describe('POST /api/auth/sign-in/email', () => {
  it('signs in with the right password', async () => {
    const u = await signUp(ctx);
    const res = await ctx.request('/api/auth/sign-in/email', {
      json: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.status).toBe(200);
    expect(cookiesOf(res)).toContain('better-auth.session_token=');
  });

  it('answers a wrong password and an unknown e-mail exactly alike (401)', async () => {
    const u = await signUp(ctx);
    const wrongPassword = await ctx.request('/api/auth/sign-in/email', {
      json: { email: u.email, password: 'Wrong12' },
    });
    const unknownEmail = await ctx.request('/api/auth/sign-in/email', {
      json: { email: 'nobody-here@example.com', password: 'Wrong12' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('does not promote a listed, verified account at a password sign-in (whoever made it knows the password)', async () => {
    const u = await signUp(ctx, { email: 'other-chief@example.com' });
    // Verified behind the app's back (email-verification.test.ts opens the link), still a user.
    const { user } = await import('../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db
      .update(user)
      .set({ role: 'user', emailVerified: true })
      .where(eq(user.id, u.id));
    const res = await ctx.request('/api/auth/sign-in/email', {
      json: { email: u.email, password: u.password },
    });
    expect(res.status).toBe(200);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, u.id));
    expect(row?.role).toBe('user');
  });
});

describe('profile updates through Better Auth', () => {
  it('checks name and photo URL like sign-up does', async () => {
    const u = await signUp(ctx);
    const bad = await ctx.request('/api/auth/update-user', {
      json: { image: 'javascript:alert(1)' },
      headers: { cookie: u.cookie, origin: SITE_ORIGIN },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('json.image');
    const role = await ctx.request('/api/auth/update-user', {
      json: { role: 'admin' },
      headers: { cookie: u.cookie, origin: SITE_ORIGIN },
    });
    expect(role.status).toBe(400);
  });

  it('refuses a cookie-authenticated write from a foreign origin', async () => {
    const u = await signUp(ctx);
    const res = await ctx.request('/api/auth/update-user', {
      json: { name: 'Mallory' },
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('rate limiting', () => {
  const limited = useTestContext({
    AUTH_RATE_LIMIT_MAX: '3',
    AUTH_SIGN_IN_ADDRESS_MAX_EMAILS: '3',
    AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
  });

  /** A request from a given socket address, as @hono/node-server would pass it. */
  const from = (ip: string, json: unknown, headers: Record<string, string> = {}) =>
    limited.app.request(
      `${SITE_ORIGIN}/api/auth/sign-in/email`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(json),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );

  it('answers 429 once AUTH_SIGN_IN_ADDRESS_MAX_EMAILS e-mails failed to sign in from one client, not for others', async () => {
    const attempt = { email: 'fourth@example.com', password: 'Guess12' };
    for (const email of ['victim@example.com', 'other@example.com', 'third@example.com']) {
      expect((await from('203.0.113.7', { ...attempt, email })).status).toBe(401);
    }
    const blocked = await from('203.0.113.7', attempt);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Spoofed forwarding headers do not give the same client a fresh bucket.
    const spoofed = await from('203.0.113.7', attempt, {
      'x-forwarded-for': '198.51.100.1',
      'x-pet-haven-client-ip': '198.51.100.2',
    });
    expect(spoofed.status).toBe(429);
    // Another client is not affected.
    expect((await from('203.0.113.8', attempt)).status).toBe(401);
  });

  it('uses the proxy-reported address with TRUST_PROXY', async () => {
    const proxied = await createTestContext({
      AUTH_SIGN_IN_ADDRESS_MAX_EMAILS: '2',
      TRUST_PROXY: 'true',
    });
    try {
      let n = 0;
      const viaProxy = (client: string) =>
        proxied.app.request(
          `${SITE_ORIGIN}/api/auth/sign-in/email`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `1.2.3.4, ${client}`,
            },
            body: JSON.stringify({ email: `x${(n += 1)}@example.com`, password: 'Guess12' }),
          },
          { incoming: { socket: { remoteAddress: '10.0.0.1' } } },
        );
      expect((await viaProxy('198.51.100.10')).status).toBe(401);
      expect((await viaProxy('198.51.100.10')).status).toBe(401);
      expect((await viaProxy('198.51.100.10')).status).toBe(429);
      expect((await viaProxy('198.51.100.11')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('keys the limit on the real socket address when served by @hono/node-server', async () => {
    // IPv6 loopback: an address Better Auth's own fallback (127.0.0.1) cannot produce.
    const server = serve({ fetch: limited.app.fetch, port: 0, hostname: '::1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const attempt = (body: Record<string, string>) =>
        fetch(`http://[::1]:${port}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: SITE_ORIGIN,
            // A client cannot choose its own bucket.
            'x-pet-haven-client-ip': `198.51.100.${Math.floor(Math.random() * 200)}`,
            'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200)}`,
          },
          body: JSON.stringify(body),
        });
      const ok = await attempt({ ...valid, email: 'socket@example.com' });
      expect(ok.status).toBe(200);
      const [row] = await limited.database.db.select().from(session);
      expect(row?.ipAddress).toContain(':');
      expect(row?.ipAddress).not.toBe('127.0.0.1');

      const weak = { ...valid, email: 'socket2@example.com', password: 'weak' };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt(weak)).status);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('every Better Auth endpoint', () => {
  it('answers malformed input with a 4xx or a redirect, never 5xx', async () => {
    const u = await signUp(ctx);
    const paths = [
      'sign-in/social',
      'sign-out',
      'update-user',
      'change-password',
      'delete-user',
      'request-password-reset',
      'reset-password',
      'revoke-session',
      'link-social',
      'list-sessions',
      'get-session',
      'callback/google',
      'callback/github',
      'verify-email',
      'no-such-endpoint',
    ];
    const bodies = [
      '{bad',
      '[]',
      'null',
      '{"provider": 5, "newPassword": 1, "token": {}}',
      '{"provider":"github","callbackURL":"https://evil.example"}',
      JSON.stringify({ name: 'x'.repeat(900_000) }),
    ];
    const failures: string[] = [];
    for (const p of paths) {
      for (const cookie of [undefined, u.cookie, 'better-auth.session_token=forged.value']) {
        for (const body of [undefined, ...bodies]) {
          const headers: Record<string, string> = {
            origin: SITE_ORIGIN,
            'content-type': 'application/json',
          };
          if (cookie) headers.cookie = cookie;
          const res = await ctx.request(
            `/api/auth/${p}?callbackURL=https://evil.example&code=x&state=y&token=z`,
            { method: body === undefined ? 'GET' : 'POST', body, headers },
          );
          if (res.status >= 500) failures.push(`${p} ${body?.slice(0, 20)} -> ${res.status}`);
          if (res.status >= 400 && !answersOurShape(res.body)) {
            failures.push(`${p} ${body?.slice(0, 20)} -> ${res.status} ${res.text.slice(0, 80)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** The top-level field names of a zod body schema (objects, optional, intersections, unions). */
function bodyFields(schema: unknown): string[] {
  const def = (schema as { def?: Record<string, unknown> } | undefined)?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys((schema as { shape: Record<string, unknown> }).shape);
    case 'optional':
    case 'nullable':
      return bodyFields(def.innerType);
    case 'intersection':
      return [...bodyFields(def.left), ...bodyFields(def.right)];
    case 'union':
      return (def.options as unknown[]).flatMap(bodyFields);
    default:
      return [];
  }
}

/** `{ code, message, issues? }` with a code of the catalogue (ours or the Better Auth codes we keep). */
const catalogue = new Set<string>(errorCodes);
function answersOurShape(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const { code, message, issues, ...rest } = body as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    catalogue.has(code) &&
    typeof message === 'string' &&
    message.length > 0 &&
    (issues === undefined || Array.isArray(issues)) &&
    Object.keys(rest).length === 0
  );
}

describe('errors under /api/auth/* go through our error pipeline', () => {
  it('gives a Better Auth error without a code the catalogue code of its status', async () => {
    const u = await signUp(ctx);
    const nothing = await ctx.request('/api/auth/update-user', {
      json: {},
      headers: { cookie: u.cookie, origin: SITE_ORIGIN },
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body).toEqual({ code: 'BAD_REQUEST', message: 'No fields to update' });

    const missing = await ctx.request('/api/auth/no-such-endpoint', { json: {} });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(answersOurShape(missing.body)).toBe(true);
  });

  it('keeps the Better Auth codes the web reads, and names the field of a bad e-mail', async () => {
    const wrong = await ctx.request('/api/auth/sign-in/email', {
      json: { email: 'nobody@example.com', password: 'Wrong12' },
    });
    expect(wrong.body).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    const provider = await ctx.request('/api/auth/sign-in/social', {
      json: { provider: 'myspace', callbackURL: '/' },
      headers: { origin: SITE_ORIGIN },
    });
    expect(provider.status).toBe(404);
    expect(provider.body.code).toBe('PROVIDER_NOT_FOUND');
    const email = await ctx.request('/api/auth/sign-in/email', {
      json: { email: 'not-an-email', password: 'Wrong12' },
    });
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'json.email' }],
    });
  });
});

describe('sign-in and sign-up take JSON only', () => {
  it.each([
    [
      'application/x-www-form-urlencoded',
      (u: { email: string; password: string }) => new URLSearchParams(u).toString(),
    ],
    ['text/plain', (u: { email: string; password: string }) => JSON.stringify(u)],
    ['multipart/form-data; boundary=x', () => '--x--'],
  ])('answers %s with 415 UNSUPPORTED_MEDIA_TYPE and no session', async (type, encode) => {
    const u = await signUp(ctx);
    const credentials = { email: u.email, password: u.password };
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      const res = await ctx.request(path, {
        method: 'POST',
        body: encode(
          path.endsWith('sign-up/email')
            ? { ...credentials, email: `form-${u.email}` }
            : credentials,
        ),
        headers: { 'content-type': type },
      });
      expect(res.status, `${path} ${type}`).toBe(415);
      expect(res.body).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body must be JSON (Content-Type: application/json).',
      });
      expect(cookiesOf(res)).toBe('');
    }
    // The same answer as any other write of the API.
    const other = await ctx.request('/api/add-pet', {
      method: 'POST',
      token: (await createUser(ctx.database.db)).token,
      body: encode(credentials),
      headers: { 'content-type': type },
    });
    expect(other.status).toBe(415);
    expect(other.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
    // JSON with a charset is JSON.
    const json = await ctx.request('/api/auth/sign-in/email', {
      json: credentials,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(json.status).toBe(200);
  });
});

describe('every path that sets a password follows the password rules', () => {
  const refusesWeak = (
    res: { status: number; body: { code?: string; issues?: unknown } },
    field: string,
  ) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: messages.registration.passwordRule,
      issues: [{ path: `json.${field}`, message: messages.registration.passwordRule }],
    });
  };
  let ipCounter = 0;
  /** Better Auth allows 3 change-password calls per 10 s per address: each call gets its own. */
  const postFromOwnAddress = async (
    path: string,
    json: unknown,
    headers: Record<string, string>,
  ) => {
    ipCounter += 1;
    const res = await ctx.app.request(
      `${SITE_ORIGIN}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(json),
      },
      { incoming: { socket: { remoteAddress: `192.0.2.${ipCounter}` } } },
    );
    return { status: res.status, body: (await res.json()) as { code?: string; issues?: unknown } };
  };
  const signInStatus = async (email: string, password: string) =>
    (await ctx.request('/api/auth/sign-in/email', { json: { email, password } })).status;

  it('change-password refuses `abcdef` with 400 naming json.newPassword; a good one works', async () => {
    const u = await signUp(ctx);
    const headers = { cookie: u.cookie, origin: SITE_ORIGIN };
    for (const newPassword of ['abcdef', 'ABCDEF', 'Ab1']) {
      const res = await postFromOwnAddress(
        '/api/auth/change-password',
        { currentPassword: u.password, newPassword },
        headers,
      );
      refusesWeak(res, 'newPassword');
    }
    expect(await signInStatus(u.email, 'abcdef')).toBe(401);
    expect(await signInStatus(u.email, u.password)).toBe(200);
    const good = await postFromOwnAddress(
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: 'Changed1' },
      headers,
    );
    expect(good.status).toBe(200);
    expect(await signInStatus(u.email, 'Changed1')).toBe(200);
  });

  it('reset-password refuses a weak password and keeps the token for a good one', async () => {
    const u = await signUp(ctx);
    const token = await resetToken(ctx, u.id);
    refusesWeak(await resetPassword(ctx, token, 'abcdef'), 'newPassword');
    expect(await signInStatus(u.email, 'abcdef')).toBe(401);
    const good = await resetPassword(ctx, token, 'ResetOk1');
    expect(good.status).toBe(200);
    expect(await signInStatus(u.email, 'ResetOk1')).toBe(200);
  });

  it('set-password (server-side, for an account without one) refuses a weak password', async () => {
    const u = await signUp(ctx);
    // As for an account made by Google sign-in: no password yet.
    await ctx.database.db.update(account).set({ password: null }).where(eq(account.userId, u.id));
    const auth = createAuth(ctx.deps);
    const headers = new Headers({ cookie: u.cookie });
    await expect(
      auth.api.setPassword({ body: { newPassword: 'abcdef' }, headers }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { code: 'VALIDATION_FAILED', issues: [{ path: 'json.newPassword' }] },
    });
    expect(await signInStatus(u.email, 'abcdef')).toBe(401);
    await auth.api.setPassword({ body: { newPassword: 'SetLater1' }, headers });
    expect(await signInStatus(u.email, 'SetLater1')).toBe(200);
  });

  it('server-side creation (auth.api.signUpEmail, as the demo data uses) names the field', async () => {
    const auth = createAuth(ctx.deps);
    await expect(
      auth.api.signUpEmail({
        body: {
          name: 'Seed',
          email: 'seed-weak@example.com',
          password: 'abcdef',
          image: valid.image,
        },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { code: 'VALIDATION_FAILED', issues: [{ path: 'json.password' }] },
    });
  });

  it('covers every Better Auth endpoint with a new-password field; only checks of an existing one are exempt', async () => {
    const auth = createAuth(ctx.deps);
    const refused: string[] = [];
    const notRefused: string[] = [];
    for (const [name, endpoint] of Object.entries(auth.api) as [string, unknown][]) {
      const { options } = endpoint as { options?: { body?: unknown } };
      const fields = bodyFields(options?.body).filter((f) => /password$/i.test(f));
      if (fields.length === 0) continue;
      const body = Object.fromEntries(fields.map((f) => [f, 'abcdef']));
      const outcome = await (endpoint as (c: unknown) => Promise<unknown>)({
        body,
        headers: new Headers(),
      }).then(
        () => null,
        (e: { body?: { code?: string; issues?: { path: string }[] } }) => e.body,
      );
      const named =
        outcome?.code === 'VALIDATION_FAILED' &&
        outcome.issues?.some((i) => fields.some((f) => i.path === `json.${f}`));
      (named ? refused : notRefused).push(name);
    }
    expect(refused.sort()).toEqual([
      'changePassword',
      'resetPassword',
      'setPassword',
      'signUpEmail',
    ]);
    expect(notRefused.sort()).toEqual(['deleteUser', 'signInEmail', 'verifyPassword']);
  });
});
