import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { authClient } from '../lib/auth-client';

/** The signed-in user as the web uses it (from Better Auth's session). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  photoURL: string | null;
}

/** GET /api/auth/get-session: the current user, or null when signed out. */
async function getSession(): Promise<SessionUser | null> {
  let answer: Awaited<ReturnType<typeof authClient.getSession>>;
  try {
    answer = await authClient.getSession();
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error: the server could not be reached.');
  }
  if (answer.error) {
    const e = answer.error as { status?: number; code?: string; message?: string };
    throw new ApiError(e.status ?? 0, e.code ?? 'SESSION_ERROR', e.message ?? 'No session');
  }
  const user = answer.data?.user;
  if (!user) return null;
  return { id: user.id, name: user.name, email: user.email, photoURL: user.image ?? null };
}

export const sessionKey = [...queryRoots.auth, 'session'] as const;

const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: getSession,
    // the session changes only through our own sign-in, sign-up and sign-out, which update it
    staleTime: Infinity,
    retry: 1,
  });

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}
