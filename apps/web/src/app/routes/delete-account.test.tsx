import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@/features/auth/lib/account-messages';
import { answer, authError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, sessionAnswer, signedIn } from '@/testing/session';

// The link of "Email me a link instead" (profile): opening it deletes nothing; the signed-in
// user confirms with a click, which sends the token.
describe('/delete-account?token=...', () => {
  it('asks a signed-out visitor to log in first, and deletes nothing', async () => {
    const r = renderRoute('/delete-account?token=tok-123', {
      handlers: [answer('GET /api/auth/get-session', () => null)],
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(r.path()).toBe('/login');
    expect(r.requests.some((q) => q.key === 'POST /api/auth/delete-user')).toBe(false);
  });

  it('says who is signed in and what goes, deletes on the click, then leaves signed out', async () => {
    let deleted = false;
    const r = renderRoute('/delete-account?token=tok-123', {
      handlers: [
        ...signedIn(),
        answer('GET /api/auth/get-session', () =>
          deleted ? null : sessionAnswer(defaultFakeUser),
        ),
        answer('POST /api/auth/delete-user', () => {
          deleted = true;
          return { success: true, message: 'User deleted' };
        }),
        answer('POST /api/auth/sign-out', () => ({ success: true })),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Delete your account' })).toBeVisible();
    expect(screen.getByText(defaultFakeUser.email)).toBeVisible();
    expect(screen.getByText(/This cannot be undone\./)).toBeVisible();
    expect(r.requests.some((q) => q.key === 'POST /api/auth/delete-user')).toBe(false);

    await r.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account was deleted.')).toBeInTheDocument();
    const sent = r.requests.find((q) => q.key === 'POST /api/auth/delete-user');
    expect(sent?.json()).toEqual({ token: 'tok-123' });
    await vi.waitFor(() => expect(r.path()).toBe('/'));
    await vi.waitFor(() =>
      expect(r.requests.some((q) => q.key === 'POST /api/auth/sign-out')).toBe(true),
    );
  });

  it('says when the link is spent, expired or another account’s, and keeps the account', async () => {
    const r = renderRoute('/delete-account?token=spent', {
      handlers: [
        ...signedIn(),
        answer('POST /api/auth/delete-user', () => authError(404, 'NOT_FOUND', 'Invalid token')),
      ],
    });
    await r.user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(accountMessages.invalidDeletionLink)).toBeInTheDocument();
    expect(r.path()).toBe('/delete-account');
    expect(screen.getByRole('link', { name: 'Keep my account' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
  });

  it('says when the session ended meanwhile, and lets another account log out', async () => {
    let signedOut = false;
    const r = renderRoute('/delete-account?token=tok-123', {
      handlers: [
        ...signedIn(),
        answer('GET /api/auth/get-session', () =>
          signedOut ? null : sessionAnswer(defaultFakeUser),
        ),
        answer('POST /api/auth/delete-user', () => authError(401, 'UNAUTHORIZED', 'Unauthorized')),
        answer('POST /api/auth/sign-out', () => {
          signedOut = true;
          return { success: true };
        }),
      ],
    });
    await r.user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(accountMessages.sessionEnded)).toBeInTheDocument();

    await r.user.click(screen.getByRole('button', { name: 'Not you? Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(r.path()).toBe('/login');
  });

  it('without a token, says so and sends nothing', async () => {
    const r = renderRoute('/delete-account', { handlers: [...signedIn()] });
    expect(await screen.findByText(accountMessages.invalidDeletionLink)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    expect(r.requests.some((q) => q.key === 'POST /api/auth/delete-user')).toBe(false);
  });
});
