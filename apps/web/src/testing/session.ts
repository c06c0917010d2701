import type { HttpHandler } from 'msw';
import { answer } from './api-handlers';
import type { AuthSession } from './api-routes';

/** A user for the fake session (Better Auth's user plus whether the admin check says admin). */
export interface FakeUser {
  id: string;
  name: string;
  email: string;
  photoURL: string | null;
  admin: boolean;
  /** Default true: most screens are tested as a user who has verified their e-mail. */
  emailVerified: boolean;
}

export const defaultFakeUser: FakeUser = {
  id: 'user-1',
  name: 'Test User',
  email: 'test.user@example.com',
  photoURL: null,
  admin: false,
  emailVerified: true,
};

/** The admin of the admin area's tests: `signedIn(fakeAdmin)`. */
export const fakeAdmin: Partial<FakeUser> = {
  id: 'admin-1',
  name: 'Ada Admin',
  email: 'ada@example.com',
  admin: true,
};

/** The Better Auth get-session answer for a user (what /api/auth/get-session returns). */
export function sessionAnswer(user: FakeUser): AuthSession {
  const now = new Date();
  return {
    session: {
      id: `session-${user.id}`,
      userId: user.id,
      token: 'session-token',
      expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    },
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.photoURL,
      role: user.admin ? 'admin' : 'user',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    },
  };
}

/** A token answer of POST /api/jwt, valid 15 minutes from now. */
export function tokenAnswer(email: string, now = Date.now()) {
  const exp = Math.floor(now / 1000) + 15 * 60;
  const payload = btoa(JSON.stringify({ sub: 'user', email, exp })).replace(/=+$/, '');
  return { token: `header.${payload}.signature`, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * Handlers that make the app see a signed-in user: the Better Auth session, POST /api/jwt and the
 * admin check. Put them first in `handlers`: later handlers win.
 */
export function signedIn(overrides: Partial<FakeUser> = {}): HttpHandler[] {
  const user = { ...defaultFakeUser, ...overrides };
  return [
    answer('GET /api/auth/get-session', () => sessionAnswer(user)),
    answer('POST /api/jwt', () => tokenAnswer(user.email)),
    answer('GET /api/users/admin/:email', ({ params }) => ({
      admin: user.admin && params.email === user.email,
    })),
    // the admin dashboard's mail notice: mail delivered, nothing failed (nothing to show)
    answer('GET /api/admin/mail-status', () => ({ delivery: 'smtp', pending: 0, failed: 0 })),
    // the hearts on pet cards and details: nothing saved yet
    answer('GET /api/user/favourite-pet-ids', () => []),
  ];
}

/** What every test gets unless it says otherwise: signed out, no social providers, test payments. */
export const baseHandlers: HttpHandler[] = [
  answer('GET /api/auth/get-session', () => null),
  answer('GET /api/config', () => ({
    providers: { google: false, github: false },
    payments: { provider: 'test', publishableKey: null },
  })),
  answer('POST /api/auth/sign-out', () => ({ success: true })),
  // the avatar's unread count once someone signs in: nothing unread
  answer('GET /api/user/unread-messages', () => ({ count: 0, requestId: null })),
];
