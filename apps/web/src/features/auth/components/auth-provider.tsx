import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { configureApiClient } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { createAccessToken } from '../api/create-access-token';
import { sessionKey, useSessionQuery, type SessionUser } from '../api/get-session';
import { saveUser } from '../api/save-user';
import type { SocialProvider } from '../lib/auth-client';
import {
  AuthContext,
  type AuthContextValue,
  type AuthStatus,
  type SignUpInput,
} from '../lib/auth-context';
import { networkFailure, toAuthFailure, type BetterAuthError } from '../lib/auth-errors';
import { loadAuthClient } from '../lib/load-auth-client';
import { createTokenManager } from '../lib/token-manager';

/**
 * Better Auth's client signs in, up and out: it loads with the first of those, not with the page
 * (decision 022); the session itself is read with a plain API call (get-session.ts).
 */
/** Set before leaving for Google/GitHub; read when the session appears after the redirect back. */
export const SOCIAL_SIGN_IN_KEY = 'pet-haven:social-sign-in';

const toSessionUser = (u: {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  emailVerified?: boolean;
}): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  photoURL: u.image ?? null,
  emailVerified: u.emailVerified === true,
});

/**
 * Owns the session (Better Auth cookie, read through TanStack Query) and the API token: wires the
 * API client (bearer token, 401 -> signed out) and keeps the token in step with the session.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSessionQuery();
  const listeners = useRef(new Set<() => void>());
  const signingOut = useRef(false);
  const lostSession = useRef<() => void>(() => {});

  const [manager] = useState(() =>
    createTokenManager({
      fetchToken: createAccessToken,
      onSessionLost: () => lostSession.current(),
    }),
  );

  const user = session.data ?? null;
  const status: AuthStatus = session.isPending ? 'loading' : user ? 'signed-in' : 'signed-out';

  const clearSignedInData = useCallback(() => {
    manager.stop();
    queryClient.setQueryData(sessionKey, null);
    // nothing cached for the previous user may show to the next one
    queryClient.removeQueries({
      predicate: (q) =>
        q.queryKey[0] !== queryRoots.auth[0] && q.queryKey[0] !== queryRoots.config[0],
    });
  }, [manager, queryClient]);

  const signOut = useCallback(async () => {
    try {
      await (await loadAuthClient()).signOut();
    } catch {
      // offline: the local sign-out below still happens; the cookie expires on its own
    }
    clearSignedInData();
  }, [clearSignedInData]);

  const handleUnauthorized = useCallback(() => {
    if (signingOut.current) return;
    signingOut.current = true;
    clearSignedInData();
    void loadAuthClient()
      .then((client) => client.signOut())
      .catch(() => {})
      .finally(() => {
        signingOut.current = false;
      });
    for (const listener of listeners.current) listener();
  }, [clearSignedInData]);

  useEffect(() => {
    lostSession.current = handleUnauthorized;
  }, [handleUnauthorized]);

  // before any child's effects run (queries start in passive effects), so the first calls carry the token
  useLayoutEffect(() => {
    configureApiClient({
      getToken: () => manager.getToken(),
      onUnauthorized: () => lostSession.current(),
    });
    return () => {
      manager.reset();
      configureApiClient({ getToken: async () => null, onUnauthorized: () => {} });
    };
  }, [manager]);

  // on load and on every session change: a user gets a token, no user none
  const email = user?.email ?? null;
  useEffect(() => {
    if (status === 'signed-in' && email) void manager.start(email);
    else if (status === 'signed-out') manager.stop();
  }, [status, email, manager]);

  // back from Google/GitHub: store the profile (the answer is only logged, spec section 7)
  useEffect(() => {
    if (status !== 'signed-in' || !user) return;
    let pending: string | null = null;
    try {
      pending = sessionStorage.getItem(SOCIAL_SIGN_IN_KEY);
      sessionStorage.removeItem(SOCIAL_SIGN_IN_KEY);
    } catch {
      return;
    }
    if (!pending) return;
    void manager
      .start(user.email)
      .then(() => saveUser({ email: user.email, ...(user.name ? { name: user.name } : {}) }))
      .then((answer) => console.info(`Profile saved after ${pending} sign-in: ${answer.message}`))
      .catch((err: unknown) => console.warn('Saving the profile after social sign-in failed', err));
  }, [status, user, manager]);

  const signedIn = useCallback(
    async (u: SessionUser) => {
      queryClient.setQueryData(sessionKey, u);
      await manager.start(u.email);
    },
    [manager, queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      signOut,
      onUnauthorized: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      signInWithEmail: async (emailAddress, password) => {
        let answer;
        try {
          answer = await (await loadAuthClient()).signIn.email({ email: emailAddress, password });
        } catch {
          return networkFailure();
        }
        if (answer.error || !answer.data) return toAuthFailure(answer.error as BetterAuthError);
        await signedIn(toSessionUser(answer.data.user));
        return null;
      },
      signUpWithEmail: async (input: SignUpInput) => {
        let answer;
        try {
          answer = await (
            await loadAuthClient()
          ).signUp.email({
            name: input.displayName,
            email: input.email,
            password: input.password,
            image: input.photoURL,
          });
        } catch {
          return networkFailure();
        }
        if (answer.error || !answer.data) return toAuthFailure(answer.error as BetterAuthError);
        await signedIn(toSessionUser(answer.data.user));
        return null;
      },
      signInWithProvider: async (provider: SocialProvider, returnTo: string) => {
        try {
          sessionStorage.setItem(SOCIAL_SIGN_IN_KEY, provider);
        } catch {
          // without storage the profile is simply not re-saved after the redirect
        }
        let answer;
        try {
          answer = await (
            await loadAuthClient()
          ).signIn.social({
            provider,
            callbackURL: returnTo,
            errorCallbackURL: '/login',
          });
        } catch {
          sessionStorage.removeItem(SOCIAL_SIGN_IN_KEY);
          return networkFailure();
        }
        if (answer.error) {
          sessionStorage.removeItem(SOCIAL_SIGN_IN_KEY);
          return toAuthFailure(answer.error as BetterAuthError);
        }
        return null; // the client is navigating to the provider
      },
    }),
    [status, user, signOut, signedIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
