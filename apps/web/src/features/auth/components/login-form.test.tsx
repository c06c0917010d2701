import { messages } from '@pet-haven/shared/messages';
import { accountMessages } from '../lib/account-messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/storage';
import type { HttpHandler } from 'msw';
import { answer, authError, lastBodySent, networkError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, sessionAnswer, tokenAnswer } from '@/testing/session';
import { authMessages } from '../lib/auth-errors';

async function openLogin(handlers: HttpHandler[] = []) {
  const r = renderRoute('/login', { handlers });
  await r.findByRole('button', { name: 'Log In' });
  return r;
}

describe('login screen', () => {
  it('shows the spec’s messages for empty fields', async () => {
    const r = await openLogin();
    await r.user.click(r.getByRole('button', { name: 'Log In' }));
    expect(await r.findByText(messages.login.emailRequired)).toBeInTheDocument();
    expect(r.getByText(messages.login.passwordRequired)).toBeInTheDocument();
    // the message is tied to its field
    expect(r.getByLabelText('Email')).toHaveAccessibleDescription(messages.login.emailRequired);
    expect(r.requests.filter((q) => q.path.startsWith('/api/auth/sign-in'))).toHaveLength(0);
  });

  it('shows the spec’s messages for a bad e-mail and a short password', async () => {
    const r = await openLogin();
    await r.user.type(r.getByLabelText('Email'), 'ann@example.toolong');
    await r.user.type(r.getByLabelText('Password'), 'abc');
    await r.user.click(r.getByRole('button', { name: 'Log In' }));
    expect(await r.findByText(messages.login.emailInvalid)).toBeInTheDocument();
    expect(r.getByText(messages.login.passwordTooShort)).toBeInTheDocument();
  });

  it.each([
    [
      'wrong e-mail or password',
      () => authError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
      authMessages.invalidCredentials,
    ],
    [
      'too many attempts',
      () => authError(429, 'RATE_LIMITED', 'Slow down'),
      authMessages.rateLimited,
    ],
    ['a network failure', () => networkError(), authMessages.network],
  ])('tells the user about %s in red', async (_case, reply, text) => {
    const r = await openLogin([answer('POST /api/auth/sign-in/email', reply)]);
    await r.user.type(r.getByLabelText('Email'), 'ann@example.com');
    await r.user.type(r.getByLabelText('Password'), 'Secret1');
    await r.user.click(r.getByRole('button', { name: 'Log In' }));
    const alert = await r.findByText(text);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert.className).toContain('text-red-600');
    expect(r.path()).toBe('/login');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('shows its own sign-in failure text, not the server string, when the origin is refused', async () => {
    const r = await openLogin([
      answer('POST /api/auth/sign-in/email', () => authError(403, 'FORBIDDEN', 'Invalid origin')),
    ]);
    await r.user.type(r.getByLabelText('Email'), 'ann@example.com');
    await r.user.type(r.getByLabelText('Password'), 'Secret1');
    await r.user.click(r.getByRole('button', { name: 'Log In' }));
    expect(await r.findByText(authMessages.unknownSignIn)).toHaveAttribute('role', 'alert');
    expect(r.queryByText(/invalid origin/i)).not.toBeInTheDocument();
    expect(r.path()).toBe('/login');
  });

  it('signs in, stores the token and goes home', async () => {
    const issued = tokenAnswer(defaultFakeUser.email);
    let signedIn = false;
    const r = await openLogin([
      answer('GET /api/auth/get-session', () => (signedIn ? sessionAnswer(defaultFakeUser) : null)),
      answer('POST /api/auth/sign-in/email', () => {
        signedIn = true;
        const { user } = sessionAnswer(defaultFakeUser);
        return { redirect: false, token: 'session-token', user };
      }),
      answer('POST /api/jwt', () => issued),
    ]);
    await r.user.type(r.getByLabelText('Email'), defaultFakeUser.email);
    await r.user.type(r.getByLabelText('Password'), 'Secret1');
    await r.user.click(r.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(r.path()).toBe('/'));
    const sent = (key: string) => r.requests.find((q) => q.key === key)?.json();
    expect(sent('POST /api/auth/sign-in/email')).toEqual({
      email: defaultFakeUser.email,
      password: 'Secret1',
    });
    expect(sent('POST /api/jwt')).toEqual({ email: defaultFakeUser.email });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(issued.token);
    expect(await r.findByRole('button', { name: /account menu/i })).toBeInTheDocument();
    expect(r.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('explains that a social provider is not configured', async () => {
    const r = await openLogin();
    await r.user.click(r.getByRole('button', { name: 'Sign in with GitHub' }));
    expect(await r.findByText(authMessages.providerNotConfigured('GitHub'))).toBeInTheDocument();
    expect(r.requests.some((q) => q.path === '/api/auth/sign-in/social')).toBe(false);
  });

  it('links to the registration screen', async () => {
    const r = await openLogin();
    await r.user.click(r.getByRole('link', { name: 'Sign up' }));
    expect(await r.findByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('mails a sign-in link for the e-mail typed, checked first, with the same answer for anyone', async () => {
    const r = await openLogin([
      answer('POST /api/auth/sign-in/magic-link', () => ({ status: true })),
    ]);
    await r.user.click(r.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await r.findByText(messages.login.emailRequired)).toBeInTheDocument();
    expect(r.requests.filter((q) => q.path.includes('magic-link'))).toHaveLength(0);

    await r.user.type(r.getByLabelText('Email'), 'ann@example.com');
    await r.user.click(r.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await r.findByRole('status')).toHaveTextContent(
      'If an account uses ann@example.com, a sign-in link is on its way. It works once, for 15 minutes.',
    );
    expect(lastBodySent(r.requests, 'POST')).toEqual({
      email: 'ann@example.com',
      callbackURL: '/',
      errorCallbackURL: '/login',
    });
    expect(r.path()).toBe('/login');
  });

  it('says so when a sign-in link comes back used or expired', async () => {
    const r = renderRoute('/login?error=INVALID_TOKEN');
    expect(await r.findByText(accountMessages.signInLinkRefused)).toBeInTheDocument();
  });
});
