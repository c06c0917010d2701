import { magicLinkClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The Better Auth client for the accounts API at /api/auth (sign-up, sign-in, social, sign-out,
 * session). Its own session store is not used: the session lives in TanStack Query (get-session.ts).
 * `fetch` is looked up on every call (not captured once), so tests can replace it.
 */
export const authClient = createAuthClient({
  // on the server (pages rendered for visitors, decision 021) it is loaded but never called
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // sign in with an e-mail link (authClient.signIn.magicLink)
  plugins: [magicLinkClient()],
  fetchOptions: {
    customFetchImpl: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
  },
});

export type SocialProvider = 'google' | 'github';
