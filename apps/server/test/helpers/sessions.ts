import { newPerson } from './factories';
import type { TestContext, TestResponse } from './test-app';

/** The site's own origin in tests (PUBLIC_URL of createTestContext). */
export const SITE_ORIGIN = 'http://localhost:3000';

export interface SignedUp {
  id: string;
  email: string;
  password: string;
  /** `name=value` of the Better Auth session cookie, for the `cookie` header. */
  cookie: string;
  response: TestResponse;
}

/** The `name=value` pairs of every Set-Cookie header of an answer, joined for a `cookie` header. */
export function cookiesOf(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
}

/** Signs up through POST /api/auth/sign-up/email and answers the session cookie. */
export async function signUp(
  ctx: TestContext,
  overrides: { email?: string; name?: string; password?: string; image?: string } = {},
): Promise<SignedUp> {
  const person = newPerson('Member');
  const email = overrides.email ?? person.email;
  const password = overrides.password ?? 'Secret1';
  const response = await ctx.request('/api/auth/sign-up/email', {
    json: {
      name: overrides.name ?? person.name,
      email,
      password,
      image: overrides.image ?? 'https://example.com/me.png',
    },
  });
  if (response.status !== 200) {
    throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  }
  return { id: response.body.user.id, email, password, cookie: cookiesOf(response), response };
}

/** POST /api/jwt with a session cookie from the site's own origin. */
export function requestToken(ctx: TestContext, cookie: string, json?: unknown) {
  return ctx.request('/api/jwt', {
    method: 'POST',
    json,
    headers: { cookie, origin: SITE_ORIGIN },
  });
}

/**
 * A password-reset token for `userId`, as the reset e-mail would carry it, made directly through
 * Better Auth's own API for tests of the password rules (auth/password-reset.test.ts follows the
 * mail), valid for an hour.
 */
export async function resetToken(ctx: TestContext, userId: string): Promise<string> {
  const token = `reset-${userId}-${Date.now()}`;
  const { internalAdapter } = await ctx.deps.auth.$context;
  await internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** POST /api/auth/reset-password from the site's own origin. */
export const resetPassword = (ctx: TestContext, token: string, newPassword: string) =>
  ctx.request('/api/auth/reset-password', {
    json: { token, newPassword },
    headers: { origin: SITE_ORIGIN },
  });
