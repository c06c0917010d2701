import { describe, expect, it } from 'vitest';
import { cookiesOf, signUp } from '../../test/helpers/sessions';
import { useTestContext, type TestContext } from '../../test/helpers/test-app';

/**
 * Issue 11 item 6: a site configured on a loopback URL (development) is reached as localhost and
 * as 127.0.0.1; both are its own origin for sign-in and the API token, any other stays refused.
 */

const signIn = (ctx: TestContext, user: { email: string; password: string }, origin: string) =>
  ctx.request('/api/auth/sign-in/email', {
    json: { email: user.email, password: user.password },
    headers: { origin },
  });

const token = (ctx: TestContext, cookie: string, origin: string) =>
  ctx.request('/api/jwt', { method: 'POST', headers: { cookie, origin } });

describe('PUBLIC_URL on localhost (the default)', () => {
  const ctx = useTestContext({ PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
    'signs in from %s and gets an API token there',
    async (origin) => {
      const user = await signUp(ctx);
      const res = await signIn(ctx, user, origin);
      expect(res.status).toBe(200);
      expect((await token(ctx, cookiesOf(res), origin)).status).toBe(200);
    },
  );

  it.each([
    'http://127.0.0.1:3001', // another port is another site
    'https://127.0.0.1:3000', // and another scheme
    'http://127.0.0.2:3000',
    'https://evil.example',
  ])('refuses a sign-in from %s with 403', async (origin) => {
    const user = await signUp(ctx);
    const res = await signIn(ctx, user, origin);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('PUBLIC_URL on 127.0.0.1', () => {
  const ctx = useTestContext({ PUBLIC_URL: 'http://127.0.0.1:4000', AUTH_RATE_LIMIT_MAX: '1000' });

  it('signs in from http://localhost:4000 too', async () => {
    const user = await signUp(ctx, {});
    expect((await signIn(ctx, user, 'http://localhost:4000')).status).toBe(200);
  });
});

describe('PUBLIC_URL on a real host', () => {
  const ctx = useTestContext({
    PUBLIC_URL: 'https://pets.example.org',
    AUTH_RATE_LIMIT_MAX: '1000',
  });

  it('trusts only that origin: loopback names are not added', async () => {
    const user = await signUp(ctx);
    expect((await signIn(ctx, user, 'https://pets.example.org')).status).toBe(200);
    expect((await signIn(ctx, user, 'http://localhost:3000')).status).toBe(403);
    expect((await signIn(ctx, user, 'http://127.0.0.1:3000')).status).toBe(403);
  });
});
