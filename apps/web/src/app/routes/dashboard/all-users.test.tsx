import { messages } from '@pet-haven/shared/messages';
import type { User } from '@pet-haven/shared/users';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_SRC } from '@/components/ui/avatar';
import { answer, apiError, page } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { fakeAdmin, signedIn } from '@/testing/session';

const users: User[] = [
  {
    _id: 'admin-1',
    name: 'Ada Admin',
    email: 'ada@example.com',
    photoURL: 'https://example.com/ada.png',
    role: 'admin',
    emailVerified: true,
  },
  {
    _id: 'u-2',
    name: 'Bob Brown',
    email: 'bob@example.com',
    photoURL: null,
    role: 'user',
    emailVerified: true,
  },
];

describe('dashboard Users tab (admin)', () => {
  it('lists users with #, name, e-mail, picture (default fallback), Total Users and Make Admin for non-admins only', async () => {
    const r = renderRoute('/dashboard/all-users', {
      handlers: [...signedIn(fakeAdmin), answer('GET /api/users', () => page(users, 2))],
    });
    expect(await r.findByText('Total Users: 2', {}, { timeout: 3000 })).toBeInTheDocument();
    const rows = r.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [adaRow, bobRow] = rows as [HTMLElement, HTMLElement];
    expect(within(adaRow).getByText('1')).toBeInTheDocument();
    expect(within(adaRow).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(adaRow).queryByRole('button', { name: /Make Admin/ })).toBeNull();
    expect(within(bobRow).getByText('2')).toBeInTheDocument();
    expect(within(bobRow).getByRole('img')).toHaveAttribute('src', DEFAULT_AVATAR_SRC);
    expect(within(bobRow).getByRole('button', { name: /Make Admin/ })).toBeEnabled();
  });

  it("promotes a user and shows '{name} is an Admin Now!' for about 1.5 seconds", async () => {
    let promoted = false;
    const r = renderRoute('/dashboard/all-users', {
      handlers: [
        ...signedIn(fakeAdmin),
        answer('GET /api/users', () =>
          page(
            users.map((u): User => (u._id === 'u-2' && promoted ? { ...u, role: 'admin' } : u)),
            2,
          ),
        ),
        answer('PATCH /api/users/admin/:id', ({ params }) => {
          promoted = params.id === 'u-2';
          return { modifiedCount: 1 };
        }),
      ],
    });
    await r.user.click(await r.findByRole('button', { name: /Make Admin/ }, { timeout: 3000 }));
    const toast = await r.findByText(messages.users.madeAdmin('Bob Brown'));
    expect(toast).toBeInTheDocument();
    expect(r.requests.map((q) => q.key)).toContain('PATCH /api/users/admin/u-2');
    // the list reloads: Bob is an admin now and has no Make Admin button
    await waitFor(() => expect(r.queryByRole('button', { name: /Make Admin/ })).toBeNull());
    // sonner's default is 4 s; ours is 1.5 s (spec section 9), so it is gone well before 4 s
    await waitFor(() => expect(r.queryByText(messages.users.madeAdmin('Bob Brown'))).toBeNull(), {
      timeout: 3000,
    });
  });

  it('offers no Make Admin to a user whose e-mail is not verified, and says why', async () => {
    const carol: User = {
      _id: 'u-3',
      name: 'Carol Unconfirmed',
      email: 'carol@example.com',
      photoURL: null,
      role: 'user',
      emailVerified: false,
    };
    const r = renderRoute('/dashboard/all-users', {
      handlers: [
        ...signedIn(fakeAdmin),
        answer('GET /api/users', () => page([...users, carol], 3)),
      ],
    });
    expect(await r.findByText('Total Users: 3', {}, { timeout: 3000 })).toBeInTheDocument();
    const carolRow = r.getAllByRole('row').at(-1)!;
    const button = within(carolRow).getByRole('button', { name: /Make Admin/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(messages.users.notVerified);
    // it stays in the tab order (its reason is read out), and pressing it asks nothing
    button.focus();
    expect(button).toHaveFocus();
    await r.user.keyboard('{Enter}');
    await r.user.click(button);
    expect(r.requests.map((q) => q.key)).not.toContain('PATCH /api/users/admin/u-3');
    const bobRow = r.getAllByRole('row')[2]!;
    expect(within(bobRow).getByRole('button', { name: /Make Admin/ })).toBeEnabled();
    expect(within(bobRow).queryByText(messages.users.notVerified)).toBeNull();
  });

  it('pages through users with page and limit', async () => {
    const many: User[] = Array.from({ length: 10 }, (_, i) => ({
      _id: `u-${i}`,
      name: `User ${i}`,
      email: `u${i}@example.com`,
      photoURL: null,
      role: 'user',
      emailVerified: true,
    }));
    const r = renderRoute('/dashboard/all-users', {
      handlers: [
        ...signedIn(fakeAdmin),
        answer('GET /api/users', ({ query }) =>
          page(query.get('page') === '2' ? many.slice(0, 3) : many, 13),
        ),
      ],
    });
    expect(await r.findByText('Page 1 of 2', {}, { timeout: 3000 })).toBeInTheDocument();
    await r.user.click(r.getByRole('button', { name: 'Next' }));
    expect(await r.findByText('Page 2 of 2')).toBeInTheDocument();
    const last = r.requests.filter((q) => q.key === 'GET /api/users').at(-1);
    expect(last?.query.get('page')).toBe('2');
    expect(last?.query.get('limit')).toBe('10');
    // numbering continues across pages
    expect(r.getByRole('cell', { name: '11' })).toBeInTheDocument();
  });

  it("shows 'Error loading users: {message}' when the list fails", async () => {
    const r = renderRoute('/dashboard/all-users', {
      handlers: [
        ...signedIn(fakeAdmin),
        answer('GET /api/users', () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong.')),
      ],
    });
    expect(
      await r.findByText(messages.users.loadFailed('Something went wrong.'), {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('sends a signed-in non-admin who types the URL to /, without calling the admin API', async () => {
    const r = renderRoute('/dashboard/all-users', { handlers: signedIn({ admin: false }) });
    await waitFor(() => expect(r.path()).toBe('/'), { timeout: 3000 });
    // the origin is carried in state (spec section 2)
    expect(r.location().state).toMatchObject({
      from: { pathname: '/dashboard/all-users' },
    });
    expect(r.requests.map((q) => q.key)).not.toContain('GET /api/users');
  });

  it('sends an anonymous visitor to /login', async () => {
    const r = renderRoute('/dashboard/all-users');
    await waitFor(() => expect(r.path()).toBe('/login'), { timeout: 3000 });
  });
});
