import { messages } from '@pet-haven/shared/messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/storage';
import { answer, apiError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, sessionAnswer, signedIn, tokenAnswer } from '@/testing/session';

/** /dashboard/payment lists the user's donations: none here. */
const noDonations = answer('GET /api/user/donations', () => []);

describe('route guards', () => {
  it('sends a signed-out visitor to /login and back after signing in', async () => {
    let session = false;
    const r = renderRoute('/dashboard/payment?tab=1', {
      handlers: [
        answer('GET /api/auth/get-session', () =>
          session ? sessionAnswer(defaultFakeUser) : null,
        ),
        answer('POST /api/auth/sign-in/email', () => {
          session = true;
          return { redirect: false, token: 't', user: sessionAnswer(defaultFakeUser).user };
        }),
        answer('POST /api/jwt', () => tokenAnswer(defaultFakeUser.email)),
        answer('GET /api/users/admin/:email', () => ({ admin: false })),
        noDonations,
      ],
    });
    await r.findByRole('button', { name: 'Log In' });
    expect(r.path()).toBe('/login');

    await r.user.type(r.getByLabelText('Email'), defaultFakeUser.email);
    await r.user.type(r.getByLabelText('Password'), 'Secret1');
    await r.user.click(r.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(r.path()).toBe('/dashboard/payment'));
    expect(r.location().search).toBe('?tab=1');
    expect(await r.findByRole('heading', { name: messages.dashboard.userTitle })).toBeVisible();
  });

  it('sends a signed-in non-admin from an admin route to / with the origin in state', async () => {
    const r = renderRoute('/dashboard/all-users', { handlers: signedIn({ admin: false }) });
    await waitFor(() => expect(r.path()).toBe('/'));
    const state = r.location().state as { from?: { pathname?: string } };
    expect(state.from?.pathname).toBe('/dashboard/all-users');
    expect(await r.findByRole('heading', { name: /Welcome to/ })).toBeInTheDocument();
  });

  it('lets an admin in and shows the admin tabs', async () => {
    const r = renderRoute('/dashboard/payment', {
      handlers: [...signedIn({ admin: true }), noDonations],
    });
    expect(await r.findByRole('heading', { name: messages.dashboard.adminTitle })).toBeVisible();
    const nav = r.getByRole('navigation', { name: 'Dashboard' });
    for (const tab of ['Users', 'All Pets', 'All Donations', 'Add a Pet', 'My Donations']) {
      expect(nav).toContainElement(r.getByRole('link', { name: tab }));
    }
    expect(r.getByRole('link', { name: 'Add a Pet' })).toHaveAttribute('href', '/dashboard');
    expect(r.getByRole('link', { name: 'My Donations' })).toHaveAttribute(
      'href',
      '/dashboard/payment',
    );
  });

  it('shows only the user tabs to a non-admin', async () => {
    const r = renderRoute('/dashboard/payment', {
      handlers: [...signedIn({ admin: false }), noDonations],
    });
    expect(await r.findByRole('heading', { name: messages.dashboard.userTitle })).toBeVisible();
    expect(r.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(r.queryByRole('link', { name: 'All Pets' })).not.toBeInTheDocument();
    expect(r.getByRole('link', { name: 'My Added Pets' })).toBeInTheDocument();
  });

  it('shows "Loading..." while the admin check runs, then the error when it fails', async () => {
    let fail!: () => void;
    const answered = new Promise<void>((resolve) => (fail = resolve));
    const r = renderRoute('/dashboard/payment', {
      handlers: [
        ...signedIn(),
        noDonations,
        answer('GET /api/users/admin/:email', async () => {
          await answered;
          return apiError(500, 'INTERNAL_ERROR');
        }),
      ],
    });
    expect(await r.findByText(messages.dashboard.loading)).toBeInTheDocument();
    fail();
    expect(await r.findByText(messages.dashboard.adminCheckFailed)).toBeInTheDocument();
    expect(r.getByRole('heading', { name: messages.dashboard.userTitle })).toBeInTheDocument();
  });

  it('shows the admin-check failure once, and nothing admin-only, on an admin route', async () => {
    const r = renderRoute('/dashboard/all-users', {
      handlers: [
        ...signedIn(),
        answer('GET /api/users/admin/:email', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    expect(await r.findByText(messages.dashboard.adminCheckFailed)).toBeInTheDocument();
    expect(r.getAllByText(messages.dashboard.adminCheckFailed)).toHaveLength(1);
    expect(r.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(r.path()).toBe('/dashboard/all-users');
    // asked once: a failed check is not retried by every component that mounts (no loop). The
    // components mounted with the failure; a check they started again would be in flight or done.
    await r.settled();
    expect(r.requests.filter((q) => q.path.startsWith('/api/users/admin/'))).toHaveLength(1);
    expect(r.getAllByText(messages.dashboard.adminCheckFailed)).toHaveLength(1);
  });

  it('signs the user out and sends them to /login when the API answers 401', async () => {
    const r = renderRoute('/dashboard/payment', {
      handlers: [
        ...signedIn(),
        answer('GET /api/users/admin/:email', () => apiError(401, 'UNAUTHORIZED', 'Session ended')),
      ],
    });
    await waitFor(() => expect(r.path()).toBe('/login'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    await waitFor(() =>
      expect(r.requests.some((q) => q.key === 'POST /api/auth/sign-out')).toBe(true),
    );
    // the 401 came from a call that carried the token
    const check = r.requests.find((q) => q.path.startsWith('/api/users/admin/'));
    expect(check?.headers.get('authorization')).toMatch(/^Bearer /);
    // signed out: the navbar offers Login again, and it remembers where the user was
    expect(await r.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    const state = r.location().state as { from?: { pathname?: string } };
    expect(state.from?.pathname).toBe('/dashboard/payment');
  });
});
