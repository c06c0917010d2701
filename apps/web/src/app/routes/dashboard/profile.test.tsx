import { screen, waitFor, within } from '@testing-library/react';
import { accountMessages } from '@/features/auth/lib/account-messages';
import type { HttpHandler } from 'msw';
import type { SavedSearch } from '@pet-haven/shared/saved-searches';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, authError, lastBodySent } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, sessionAnswer, signedIn } from '@/testing/session';

const allOn = {
  'adoption-requests': true,
  'adoption-decisions': true,
  'adoption-messages': true,
  'campaign-updates': true,
  'pet-alerts': true,
};

const here = sessionAnswer(defaultFakeUser).session;
const phone = {
  ...here,
  id: 'session-phone',
  token: 'phone-token',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36',
};
const laptop = {
  ...here,
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

/** The profile page's other sections answered plainly; `handlers` (later ones win) on top. */
const profile = (handlers: HttpHandler[] = []) =>
  renderRoute('/dashboard/profile', {
    handlers: [
      ...signedIn(),
      answer('GET /api/auth/list-sessions', () => [laptop, phone]),
      answer('GET /api/user/notifications', () => allOn),
      answer('GET /api/user/saved-searches', () => []),
      ...handlers,
    ],
  });

describe('/dashboard/profile: e-mail notifications', () => {
  it('shows each kind with its setting and saves them together', async () => {
    const r = profile([
      answer('GET /api/user/notifications', () => ({ ...allOn, 'campaign-updates': false })),
      answer('PUT /api/user/notifications', ({ body }) => body),
    ]);
    const decisions = await screen.findByRole('checkbox', {
      name: 'The owner accepts or rejects my adoption request, or the pet finds a home',
    });
    expect(decisions).toBeChecked();
    expect(
      screen.getByRole('checkbox', {
        name: 'My donation campaign reaches its maximum or its last date',
      }),
    ).not.toBeChecked();
    await r.user.click(decisions);
    await r.user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(lastBodySent(r.requests, 'PUT')).toEqual({
      ...allOn,
      'adoption-decisions': false,
      'campaign-updates': false,
    });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when saving fails', async () => {
    const r = profile([
      answer('PUT /api/user/notifications', () => apiError(500, 'INTERNAL_ERROR')),
    ]);
    await r.user.click(await screen.findByRole('button', { name: 'Save notification settings' }));
    expect(
      await screen.findByText('Failed to save your notification settings.'),
    ).toBeInTheDocument();
  });
});

describe('/dashboard/profile: account', () => {
  it('saves the name', async () => {
    const r = profile([answer('POST /api/auth/update-user', () => ({ status: true }))]);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue(defaultFakeUser.name);
    await r.user.clear(name);
    await r.user.type(name, 'Tess Renamed');
    await r.user.click(screen.getByRole('button', { name: 'Save name and photo' }));
    expect(
      await within(screen.getByRole('form', { name: 'Name and photo' })).findByRole('status'),
    ).toHaveTextContent('Saved.');
    expect(lastBodySent(r.requests, 'POST')).toEqual({ name: 'Tess Renamed' });
  });

  it('asks the new address to confirm a change of e-mail', async () => {
    const r = profile([answer('POST /api/auth/change-email', () => ({ status: true }))]);
    await r.user.type(await screen.findByLabelText('New e-mail address'), 'new@example.com');
    await r.user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText(/We sent a link to new@example.com/)).toBeInTheDocument();
    expect(lastBodySent(r.requests, 'POST')).toEqual({
      newEmail: 'new@example.com',
      callbackURL: '/email-verified',
    });
  });

  it('changes the password with the current one, signing out other devices', async () => {
    let wrong = true;
    const r = profile([
      answer('POST /api/auth/change-password', ({ body }) => {
        if (wrong) {
          wrong = false;
          return authError(400, 'INVALID_PASSWORD', 'Invalid password');
        }
        const { user } = sessionAnswer(defaultFakeUser);
        expect(body).toEqual({
          currentPassword: 'Right-one1',
          newPassword: 'Brand-new1',
          revokeOtherSessions: true,
        });
        return { token: null, user };
      }),
    ]);
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    await r.user.type(form.getByLabelText('Current password'), 'Wrong-one1');
    await r.user.type(form.getByLabelText('New password'), 'Brand-new1');
    await r.user.type(form.getByLabelText('Confirm Password'), 'Brand-new1');
    await r.user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(accountMessages.wrongCurrentPassword)).toBeInTheDocument();
    await r.user.clear(form.getByLabelText('Current password'));
    await r.user.type(form.getByLabelText('Current password'), 'Right-one1');
    await r.user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('status')).toHaveTextContent('Password changed.');
  });

  it('lists the signed-in devices and signs out the others', async () => {
    const r = profile([answer('POST /api/auth/revoke-other-sessions', () => ({ status: true }))]);
    expect(await screen.findByText('Chrome on Linux')).toHaveTextContent('(this device)');
    expect(screen.getByText('Chrome on Android')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    await vi.waitFor(() =>
      expect(r.requests.some((q) => q.key === 'POST /api/auth/revoke-other-sessions')).toBe(true),
    );
  });

  it('downloads my data as a JSON file', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const r = profile([
      answer('GET /api/user/export', () => ({
        exportedAt: '2026-11-25T10:00:00.000Z',
        account: {
          id: 'user-1',
          name: 'Test User',
          email: 'test.user@example.com',
          emailVerified: true,
          image: null,
          role: 'user',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        notifications: allOn,
        pets: [],
        adoptionRequests: [],
        adoptionMessages: [],
        favourites: [],
        savedSearches: [],
        campaigns: [],
        donations: [],
      })),
    ]);
    await r.user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalledOnce());
    const blob = created.mock.calls[0]![0] as Blob;
    expect(JSON.parse(await blob.text()).account.email).toBe('test.user@example.com');
  });
});

describe('/dashboard/profile: delete my account', () => {
  it('deletes with the password after a confirmation, then leaves signed out', async () => {
    let deleted = false;
    const r = profile([
      answer('POST /api/auth/delete-user', ({ body }) => {
        expect(body).toEqual({ password: 'Secret-1' });
        deleted = true;
        return { success: true, message: 'User deleted' };
      }),
      answer('GET /api/auth/get-session', () => (deleted ? null : sessionAnswer(defaultFakeUser))),
      answer('POST /api/auth/sign-out', () => ({ success: true })),
    ]);
    await r.user.type(await screen.findByLabelText('Your password'), 'Secret-1');
    await r.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete your account for good?',
    });
    await r.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account was deleted.')).toBeInTheDocument();
    await vi.waitFor(() => expect(r.path()).toBe('/'));
    await vi.waitFor(() =>
      expect(r.requests.some((q) => q.key === 'POST /api/auth/sign-out')).toBe(true),
    );
    expect(r.path()).toBe('/');
  });

  it('says a wrong password is wrong, and can mail a link instead', async () => {
    const r = profile([
      answer('POST /api/auth/delete-user', ({ body }) =>
        body.password
          ? authError(400, 'INVALID_PASSWORD', 'Invalid password')
          : { success: true, message: 'Verification email sent' },
      ),
    ]);
    await r.user.type(await screen.findByLabelText('Your password'), 'Wrong-1');
    await r.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    await r.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(accountMessages.wrongCurrentPassword)).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Email me a link instead' }));
    expect(
      await screen.findByText(/Open it and confirm there to delete your account/),
    ).toBeInTheDocument();
    expect(lastBodySent(r.requests, 'POST')).toEqual({});
  });
});

describe('/unsubscribe', () => {
  const token = 'user-1.adoption-requests.c2lnbmF0dXJl';

  it('asks first, then stops that kind of mail without signing in', async () => {
    const r = renderRoute(`/unsubscribe?token=${token}`, {
      handlers: [
        answer('POST /api/notifications/unsubscribe', ({ query }) => {
          expect(query.get('token')).toBe(token);
          return {
            topic: 'adoption-requests',
            label: 'Someone asks to adopt one of my pets, or withdraws their request',
          };
        }),
      ],
    });
    expect(
      await screen.findByText(
        'Stop the e-mails you get when: someone asks to adopt one of my pets, or withdraws their request?',
      ),
    ).toBeInTheDocument();
    expect(r.requests.filter((q) => q.key.includes('unsubscribe'))).toHaveLength(0);
    await r.user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: you will no longer get e-mails when: someone asks to adopt one of my pets, or withdraws their request.',
    );
    expect(r.requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('says a broken link is not valid', async () => {
    renderRoute('/unsubscribe?token=garbage');
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
  });
});

describe('/dashboard/profile: saved searches', () => {
  const cats: SavedSearch = {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Small cats near Leeds',
    query: 'category=cat&size=small&near=2644688&within=50&place=Leeds%2C+United+Kingdom',
    alerts: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastAlertedAt: null,
  };

  it('lists them with their filters in words, and turns alerts off, renames and deletes', async () => {
    let current = [cats];
    const r = profile([
      answer('GET /api/user/saved-searches', () => current),
      answer('PATCH /api/user/saved-searches/:id', ({ body }) => {
        current = [{ ...cats, ...body }];
        return current[0]!;
      }),
      answer('DELETE /api/user/saved-searches/:id', () => {
        current = [];
        return { deleted: true as const };
      }),
    ]);
    const link = await screen.findByRole('link', { name: 'Small cats near Leeds' });
    expect(link).toHaveAttribute('href', `/petlist?${cats.query}`);
    expect(
      screen.getByText('Cat, Small, within 50 km of Leeds, United Kingdom'),
    ).toBeInTheDocument();

    const alerts = screen.getByRole('checkbox', {
      name: 'E-mail me new matches for Small cats near Leeds',
    });
    expect(alerts).toBeChecked();
    await r.user.click(alerts);
    await waitFor(() => expect(lastBodySent(r.requests, 'PATCH')).toEqual({ alerts: false }));
    await waitFor(() => expect(alerts).not.toBeChecked());

    await r.user.click(screen.getByRole('button', { name: 'Rename Small cats near Leeds' }));
    const name = screen.getByLabelText('New name');
    await r.user.clear(name);
    await r.user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Give the search a name')).toBeInTheDocument();
    await r.user.type(name, 'Cats');
    await r.user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('link', { name: 'Cats' })).toBeInTheDocument();
    expect(lastBodySent(r.requests, 'PATCH')).toEqual({ name: 'Cats' });

    await r.user.click(screen.getByRole('button', { name: 'Delete Cats' }));
    await r.user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No saved searches yet.')).toBeInTheDocument();
  });
});
