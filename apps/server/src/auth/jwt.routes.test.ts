import { describe, expect, it } from 'vitest';
import { requestToken, signUp, SITE_ORIGIN } from '../../test/helpers/sessions';
import { useTestContext } from '../../test/helpers/test-app';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, verifyAccessToken } from './token';

const ctx = useTestContext({
  AUTH_RATE_LIMIT_MAX: '1000',
  TRUSTED_ORIGINS: 'https://app.example.org',
});

/** A call that needs a signed-in user: the admin check of one's own e-mail. */
const whoAmI = (token: string, email: string) =>
  ctx.request(`/api/users/admin/${encodeURIComponent(email)}`, { token });

describe('POST /api/jwt', () => {
  it('answers 401 without a session, or with a made-up session cookie', async () => {
    const none = await ctx.request('/api/jwt', {
      method: 'POST',
      json: {},
      headers: { origin: SITE_ORIGIN },
    });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHORIZED');
    const fake = await requestToken(ctx, 'better-auth.session_token=abc.def', {});
    expect(fake.status).toBe(401);
  });

  it('answers a 15-minute token for the session user, which the API accepts as bearer', async () => {
    const u = await signUp(ctx);
    const before = Date.now();
    const res = await requestToken(ctx, u.cookie, { email: u.email });
    expect(res.status).toBe(200);
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt - before).toBeGreaterThan((ACCESS_TOKEN_TTL_SECONDS - 5) * 1000);
    expect(expiresAt - before).toBeLessThanOrEqual((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const claims = verifyAccessToken(res.body.token, ctx.deps.config.authSecret);
    expect(claims).toMatchObject({ sub: u.id, email: u.email });

    const me = await whoAmI(res.body.token, u.email);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ admin: false });
  });

  it('works without a body, and ignores the e-mail case', async () => {
    const u = await signUp(ctx);
    const bare = await ctx.request('/api/jwt', {
      method: 'POST',
      headers: { cookie: u.cookie, origin: SITE_ORIGIN },
    });
    expect(bare.status).toBe(200);
    const upper = await requestToken(ctx, u.cookie, { email: u.email.toUpperCase() });
    expect(upper.status).toBe(200);
  });

  it("answers 403 for another user's e-mail", async () => {
    const u = await signUp(ctx);
    const other = await signUp(ctx);
    const res = await requestToken(ctx, u.cookie, { email: other.email });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('answers 403 to a foreign, missing or null Origin, and accepts TRUSTED_ORIGINS', async () => {
    const u = await signUp(ctx);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3001', undefined]) {
      const res = await ctx.request('/api/jwt', {
        method: 'POST',
        json: { email: u.email },
        headers: origin ? { cookie: u.cookie, origin } : { cookie: u.cookie },
      });
      expect(res.status, String(origin)).toBe(403);
    }
    const trusted = await ctx.request('/api/jwt', {
      method: 'POST',
      json: { email: u.email },
      headers: { cookie: u.cookie, origin: 'https://app.example.org' },
    });
    expect(trusted.status).toBe(200);
  });

  it('never answers 5xx to malformed bodies', async () => {
    const u = await signUp(ctx);
    const headers = { cookie: u.cookie, origin: SITE_ORIGIN };
    for (const json of [
      '{bad',
      '[]',
      'null',
      '"x"',
      '{"email": 5}',
      JSON.stringify({ email: 'a'.repeat(300_000) }),
    ]) {
      const res = await ctx.request('/api/jwt', { method: 'POST', json, headers });
      expect(res.status, json.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, json.slice(0, 40)).toBeLessThan(500);
    }
  });

  it('rejects expired and forged tokens', async () => {
    const u = await signUp(ctx);
    const good = await requestToken(ctx, u.cookie, { email: u.email });
    const claims = verifyAccessToken(good.body.token, ctx.deps.config.authSecret);
    if (!claims) throw new Error('token did not verify');
    const expired = issueAccessToken(
      claims,
      ctx.deps.config.authSecret,
      Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000,
    );
    expect((await whoAmI(expired.token, u.email)).status).toBe(401);
    const forged = issueAccessToken(claims, 'x'.repeat(48));
    expect((await whoAmI(forged.token, u.email)).status).toBe(401);
    const [h, p, s] = good.body.token.split('.');
    const tampered = `${h}.${Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(p, 'base64url').toString()),
        sub: 'someone-else',
      }),
    ).toString('base64url')}.${s}`;
    expect((await whoAmI(tampered, u.email)).status).toBe(401);
  });
});

describe('sign-out', () => {
  it('ends the tokens of that session, and only that session', async () => {
    const u = await signUp(ctx);
    const first = await requestToken(ctx, u.cookie, { email: u.email });
    const signIn = await ctx.request('/api/auth/sign-in/email', {
      json: { email: u.email, password: u.password },
    });
    const otherCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const second = await requestToken(ctx, otherCookie, { email: u.email });
    expect((await whoAmI(first.body.token, u.email)).status).toBe(200);

    // A foreign page cannot sign the user out either (Better Auth's Origin check).
    const foreign = await ctx.request('/api/auth/sign-out', {
      method: 'POST',
      json: {},
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await whoAmI(first.body.token, u.email)).status).toBe(200);

    const out = await ctx.request('/api/auth/sign-out', {
      method: 'POST',
      json: {},
      headers: { cookie: u.cookie, origin: SITE_ORIGIN },
    });
    expect(out.status).toBe(200);
    const after = await whoAmI(first.body.token, u.email);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    expect((await requestToken(ctx, u.cookie, { email: u.email })).status).toBe(401);
    expect((await whoAmI(second.body.token, u.email)).status).toBe(200);
  });
});
