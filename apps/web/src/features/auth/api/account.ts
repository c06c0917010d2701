import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryRoots } from '@/lib/query-keys';
import {
  networkFailure,
  toAuthFailure,
  type AuthFailure,
  type BetterAuthError,
} from '../lib/auth-errors';
import { loadAuthClient } from '../lib/load-auth-client';

/**
 * The profile's account actions, on Better Auth's own endpoints (cookie session): each answers
 * the failure to show, or null.
 */
type Answer = { error?: unknown } | null | undefined;

async function call(run: (client: Awaited<ReturnType<typeof loadAuthClient>>) => Promise<Answer>) {
  try {
    const answer = await run(await loadAuthClient());
    return answer?.error ? toAuthFailure(answer.error as BetterAuthError) : null;
  } catch {
    return networkFailure();
  }
}

/** POST /api/auth/update-user: the name and the photo (an absolute URL of our image host). */
export const updateProfile = (name: string, image: string | null): Promise<AuthFailure | null> =>
  call((c) => c.updateUser({ name, ...(image ? { image } : {}) }));

/** POST /api/auth/change-email: mails the new address a link that confirms it. */
export const changeEmail = (newEmail: string): Promise<AuthFailure | null> =>
  call((c) => c.changeEmail({ newEmail, callbackURL: '/email-verified' }));

/** POST /api/auth/change-password: needs the current password; may end the other sessions. */
export const changePassword = (
  currentPassword: string,
  newPassword: string,
  revokeOtherSessions: boolean,
): Promise<AuthFailure | null> =>
  call((c) => c.changePassword({ currentPassword, newPassword, revokeOtherSessions }));

/** POST /api/auth/revoke-other-sessions: signs out every other device. */
export const revokeOtherSessions = (): Promise<AuthFailure | null> =>
  call((c) => c.revokeOtherSessions());

/** POST /api/auth/delete-user { password }: deletes the account at once. */
export const deleteAccountWithPassword = (password: string): Promise<AuthFailure | null> =>
  call((c) => c.deleteUser({ password }));

/**
 * POST /api/auth/delete-user without a password: mails a link to /delete-account, where the
 * deletion is confirmed.
 */
export const mailAccountDeletionLink = (): Promise<AuthFailure | null> =>
  call((c) => c.deleteUser({}));

/** POST /api/auth/delete-user { token }: the mailed link's token deletes the signed-in account. */
export const deleteAccountWithLink = (token: string): Promise<AuthFailure | null> =>
  call((c) => c.deleteUser({ token }));

/** One signed-in device, as GET /api/auth/list-sessions answers it. */
export interface DeviceSession {
  id: string;
  token: string;
  userAgent: string | null;
  createdAt: string;
  current: boolean;
}

export const sessionsKey = [...queryRoots.auth, 'sessions'] as const;

/** The account's active sessions, this one marked `current`. */
export const useDeviceSessions = () =>
  useQuery(
    queryOptions({
      queryKey: sessionsKey,
      queryFn: async (): Promise<DeviceSession[]> => {
        const client = await loadAuthClient();
        const [list, here] = await Promise.all([client.listSessions(), client.getSession()]);
        if (list.error) throw new Error(list.error.message ?? 'Failed to list sessions');
        const currentToken = here.data?.session.token;
        return (list.data ?? []).map((s) => ({
          id: s.id,
          token: s.token,
          userAgent: s.userAgent ?? null,
          createdAt: new Date(s.createdAt).toISOString(),
          current: s.token === currentToken,
        }));
      },
    }),
  );
