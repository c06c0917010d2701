import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/storage';
import { answer } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn } from '@/testing/session';
import { SOCIAL_SIGN_IN_KEY } from './auth-provider';

describe('social sign-in', () => {
  it('asks Better Auth for the provider’s page, returning to where the guard came from', async () => {
    const r = renderRoute('/login', {
      state: { from: { pathname: '/pets/42', search: '' } },
      handlers: [
        answer('GET /api/config', () => ({
          providers: { google: true, github: true },
          payments: { provider: 'test', publishableKey: null },
        })),
        answer('POST /api/auth/sign-in/social', () => ({ url: '', redirect: false })),
      ],
    });
    await r.user.click(await r.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() =>
      expect(r.requests.some((q) => q.key === 'POST /api/auth/sign-in/social')).toBe(true),
    );
    const call = r.requests.find((q) => q.key === 'POST /api/auth/sign-in/social');
    expect(call?.json()).toMatchObject({
      provider: 'google',
      callbackURL: '/pets/42',
      errorCallbackURL: '/login',
    });
    expect(sessionStorage.getItem(SOCIAL_SIGN_IN_KEY)).toBe('google');
  });

  it('after the redirect back, stores the profile with e-mail and name (answer only logged)', async () => {
    sessionStorage.setItem(SOCIAL_SIGN_IN_KEY, 'github');
    const r = renderRoute('/', {
      handlers: [
        ...signedIn({ name: 'Gita Hub', email: 'gita@example.com' }),
        answer('POST /api/users', () => ({ insertedId: 'x', message: 'User saved' })),
      ],
    });
    await waitFor(() => expect(r.requests.some((q) => q.key === 'POST /api/users')).toBe(true));
    const save = r.requests.find((q) => q.key === 'POST /api/users');
    expect(save?.json()).toEqual({ email: 'gita@example.com', name: 'Gita Hub' });
    // the call carried the token the app stored from POST /api/jwt, issued for Gita
    const stored = localStorage.getItem(ACCESS_TOKEN_KEY) ?? '';
    expect(JSON.parse(atob(stored.split('.')[1] ?? '')).email).toBe('gita@example.com');
    expect(save?.headers.get('authorization')).toBe(`Bearer ${stored}`);
    expect(sessionStorage.getItem(SOCIAL_SIGN_IN_KEY)).toBeNull();
  });

  it('does not save the profile on an ordinary page load', async () => {
    const r = renderRoute('/', { handlers: signedIn() });
    await r.findByRole('button', { name: /account menu/i });
    await waitFor(() => expect(r.requests.some((q) => q.key === 'POST /api/jwt')).toBe(true));
    expect(r.requests.some((q) => q.key === 'POST /api/users')).toBe(false);
    expect(r.requests.find((q) => q.key === 'POST /api/jwt')?.json()).toEqual({
      email: defaultFakeUser.email,
    });
  });
});
