import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, requestToken, signUp, SITE_ORIGIN } from '../../test/helpers/sessions';
import { createTestContext, useTestContext } from '../../test/helpers/test-app';

/**
 * Google sign-in end to end at the HTTP level: our server <-> a local OpenID Connect provider
 * (oauth2-mock-server standing in for accounts.google.com), following every redirect by hand.
 */
const PROFILE = {
  email: 'grace@gmail.example',
  email_verified: true,
  name: 'Grace Hopper',
  picture: 'https://example.com/grace.png',
};

/** Claims a test changes for its own sign-in. */
let override: Record<string, unknown> = {};
let provider: OAuth2Server;
beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { sub: 'google-user-1', ...PROFILE, ...override });
  });
});
afterAll(() => provider?.stop());
const ctx = useTestContext(() => ({
  GOOGLE_CLIENT_ID: 'pet-haven-test-client',
  GOOGLE_CLIENT_SECRET: 'pet-haven-test-secret',
  GOOGLE_ISSUER_URL: provider.issuer.url ?? '',
  ADMIN_EMAILS: PROFILE.email,
  AUTH_RATE_LIMIT_MAX: '1000',
}));

/** Merges Set-Cookie answers into a cookie jar, as a browser would. */
function keep(jar: Map<string, string>, res: { headers: Headers }) {
  for (const c of cookiesOf(res).split('; ').filter(Boolean)) {
    const i = c.indexOf('=');
    jar.set(c.slice(0, i), c.slice(i + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('Google sign-in', () => {
  it('goes authorize -> provider -> callback, ends with a session and a working /api/jwt', async () => {
    const jar = new Map<string, string>();
    const start = await ctx.request('/api/auth/sign-in/social', {
      json: { provider: 'google', callbackURL: '/' },
      headers: { origin: SITE_ORIGIN },
    });
    expect(start.status).toBe(200);
    expect(start.body.redirect).toBe(true);
    const authorizeUrl = new URL(start.body.url);
    expect(authorizeUrl.origin + '/').toBe(new URL(provider.issuer.url ?? '').origin + '/');
    expect(authorizeUrl.searchParams.get('client_id')).toBe('pet-haven-test-client');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${SITE_ORIGIN}/api/auth/callback/google`,
    );
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();
    let cookie = keep(jar, start);

    // The browser visits the provider, which sends it back with a code.
    const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location') ?? '');
    expect(back.pathname).toBe('/api/auth/callback/google');
    expect(back.searchParams.get('code')).toBeTruthy();

    const callback = await ctx.request(back.pathname + back.search, { headers: { cookie } });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    cookie = keep(jar, callback);
    expect(cookie).toContain('better-auth.session_token=');

    const session = await ctx.request('/api/auth/get-session', { headers: { cookie } });
    expect(session.body.user).toMatchObject({
      email: PROFILE.email,
      // Google says the address is verified: so is the account (decision 032)
      emailVerified: true,
      name: PROFILE.name,
      image: PROFILE.picture,
    });

    const token = await requestToken(ctx, cookie, { email: PROFILE.email });
    expect(token.status).toBe(200);
    // ADMIN_EMAILS applies to social sign-ups too.
    const users = await ctx.request('/api/users', { token: token.body.token });
    expect(users.status).toBe(200);
    expect(users.body).toContainEqual(
      expect.objectContaining({ email: PROFILE.email, role: 'admin' }),
    );

    // The social profile save the web makes after sign-in.
    const saved = await ctx.request('/api/users', {
      token: token.body.token,
      json: { email: PROFILE.email, name: PROFILE.name },
    });
    expect(saved.body).toEqual({ insertedId: session.body.user.id, message: 'User saved' });
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const start = await ctx.request('/api/auth/sign-in/social', {
      json: { provider: 'google', callbackURL: '/' },
      headers: { origin: SITE_ORIGIN },
    });
    const atProvider = await fetch(start.body.url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location') ?? '');
    // No state cookie: another browser replaying the callback.
    const callback = await ctx.request(back.pathname + back.search);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toContain('error=');
    expect(cookiesOf(callback)).not.toContain('better-auth.session_token=');
  });

  it('does not hand a password account to whoever signs in with Google under its e-mail', async () => {
    // Someone registered this address with a password (unverified); Google signs in the same e-mail.
    await signUp(ctx, { email: 'taken@gmail.example' });
    override = { sub: 'google-user-2', email: 'taken@gmail.example' };
    try {
      const jar = new Map<string, string>();
      const start = await ctx.request('/api/auth/sign-in/social', {
        json: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
        headers: { origin: SITE_ORIGIN },
      });
      const cookie = keep(jar, start);
      const atProvider = await fetch(start.body.url, { redirect: 'manual' });
      const back = new URL(atProvider.headers.get('location') ?? '');
      const callback = await ctx.request(back.pathname + back.search, { headers: { cookie } });
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/login?error=account_not_linked');
      expect(cookiesOf(callback)).not.toContain('better-auth.session_token=');
    } finally {
      override = {};
    }
  });

  it('answers 404 PROVIDER_NOT_FOUND for GitHub when it is not configured', async () => {
    const res = await ctx.request('/api/auth/sign-in/social', {
      json: { provider: 'github', callbackURL: '/' },
      headers: { origin: SITE_ORIGIN },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PROVIDER_NOT_FOUND');
  });
});

describe('GitHub sign-in', () => {
  it('starts at github.com with our client id and callback when configured', async () => {
    const withGithub = await createTestContext({
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
    });
    try {
      const res = await withGithub.request('/api/auth/sign-in/social', {
        json: { provider: 'github', callbackURL: '/' },
        headers: { origin: SITE_ORIGIN },
      });
      expect(res.status).toBe(200);
      const url = new URL(res.body.url);
      expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
      expect(url.searchParams.get('client_id')).toBe('gh-client');
      expect(url.searchParams.get('redirect_uri')).toBe(`${SITE_ORIGIN}/api/auth/callback/github`);
      expect(url.searchParams.get('scope')).toContain('user:email');
      // A callback URL on another site is refused.
      const evil = await withGithub.request('/api/auth/sign-in/social', {
        json: { provider: 'github', callbackURL: 'https://evil.example/' },
        headers: { origin: SITE_ORIGIN },
      });
      expect(evil.status).toBe(403);
    } finally {
      await withGithub.close();
    }
  });
});
