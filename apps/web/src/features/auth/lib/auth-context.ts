import { createContext } from 'react';
import type { SessionUser } from '../api/get-session';
import type { AuthFailure } from './auth-errors';
import type { SocialProvider } from './auth-client';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SignUpInput {
  displayName: string;
  email: string;
  photoURL: string;
  password: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** Resolves null on success (session set, token fetched), else the failure to show. */
  signInWithEmail: (email: string, password: string) => Promise<AuthFailure | null>;
  /** Creates the account and signs in (session set, token fetched); null on success. */
  signUpWithEmail: (input: SignUpInput) => Promise<AuthFailure | null>;
  /** Leaves for the provider (resolves only on failure); `returnTo` is where to land afterwards. */
  signInWithProvider: (provider: SocialProvider, returnTo: string) => Promise<AuthFailure | null>;
  signOut: () => Promise<void>;
  /** Subscribe to "the API answered 401: signed out"; answers the unsubscribe function. */
  onUnauthorized: (listener: () => void) => () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
