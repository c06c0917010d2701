import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The signed-in user as the web uses it (from Better Auth's session). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  photoURL: string | null;
  /** Whether the account's e-mail is verified: listing a pet, creating a campaign and asking to adopt need it. */
  emailVerified: boolean;
}

interface SessionAnswer {
  user?: {
    id: string;
    name: string;
    email: string;
    image?: string | null;
    emailVerified?: boolean;
  };
}

/**
 * GET /api/auth/get-session (the session cookie, no token): the current user, or null when signed
 * out. A plain API call, so the page does not load Better Auth's client for it (decision 022).
 */
async function getSession(): Promise<SessionUser | null> {
  const answer = await api<SessionAnswer | null>('/auth/get-session', { anonymous: true });
  const user = answer?.user;
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    photoURL: user.image ?? null,
    emailVerified: user.emailVerified === true,
  };
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
