import { isErrorCode } from '@pet-haven/shared/errors';

/** Sign-in and sign-up failures, told apart so each shows a clear message (issue 2 §4). */
export type AuthFailureKind =
  | 'invalid-credentials'
  | 'rate-limited'
  | 'network'
  | 'user-exists'
  | 'invalid-input'
  | 'provider-not-configured'
  | 'invalid-link'
  | 'wrong-password'
  | 'unknown';

export interface AuthFailure {
  kind: AuthFailureKind;
  message: string;
  /** Field messages the server sent (sign-up validation), keyed by our form's field names. */
  fields?: Record<string, string>;
  /** The HTTP status of a failure no other kind names (`unknown`), when there was an answer. */
  status?: number;
}

export const authMessages = {
  invalidCredentials: 'Wrong email or password. Please try again.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  network: 'Network error: the server could not be reached. Check your connection and try again.',
  unknownSignIn: 'Sign-in failed. Please try again.',
  providerNotConfigured: (name: string) =>
    `${name} sign-in is not available: it is not configured on this server.`,
  socialFailed: (name: string) => `${name} sign-in failed. Please try again.`,
} as const;

export const providerNames = { google: 'Google', github: 'GitHub' } as const;

/** The shape of a Better Auth client error (`{ data, error }` answers). */
export interface BetterAuthError {
  status?: number;
  code?: string;
  message?: string;
  issues?: Array<{ path?: string; message?: string }>;
}

/** Server field paths (json.image) to the registration form's names (photoURL). */
const fieldNames: Record<string, string> = {
  name: 'displayName',
  email: 'email',
  image: 'photoURL',
  password: 'password',
  newPassword: 'password',
};

/**
 * What the screens show for a failed sign-in or sign-up, by the code of the error catalogue
 * (packages/shared/src/errors.ts) /api/auth/* answers, or by status.
 */
export function toAuthFailure(error: BetterAuthError | null | undefined): AuthFailure {
  const status = error?.status ?? 0;
  const code = isErrorCode(error?.code) ? error.code : undefined;
  if (status === 0) return { kind: 'network', message: authMessages.network };
  if (status === 429 || code === 'RATE_LIMITED') {
    return { kind: 'rate-limited', message: authMessages.rateLimited };
  }
  if (code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || status === 422) {
    return { kind: 'user-exists', message: error?.message ?? 'User already exists' };
  }
  if (status === 401 || code === 'INVALID_EMAIL_OR_PASSWORD') {
    return { kind: 'invalid-credentials', message: authMessages.invalidCredentials };
  }
  // a refused origin (Better Auth's 'Invalid origin') is no text for a user: ours instead
  if (status === 403) return { kind: 'unknown', message: authMessages.unknownSignIn };
  if (code === 'INVALID_PASSWORD') {
    return { kind: 'wrong-password', message: error?.message ?? 'Invalid password' };
  }
  if (code === 'INVALID_TOKEN')
    return { kind: 'invalid-link', message: error?.message ?? 'Invalid token' };
  if (status === 400) {
    const fields: Record<string, string> = {};
    for (const issue of error?.issues ?? []) {
      const key = (issue.path ?? '').split('.').pop() ?? '';
      const field = fieldNames[key];
      if (field && issue.message && !fields[field]) fields[field] = issue.message;
    }
    return {
      kind: 'invalid-input',
      message: error?.message ?? 'Some fields are not valid.',
      fields,
    };
  }
  if (status === 404 && code === 'PROVIDER_NOT_FOUND') {
    return { kind: 'provider-not-configured', message: error?.message ?? '' };
  }
  return { kind: 'unknown', message: error?.message || authMessages.unknownSignIn, status };
}

/** A thrown value from the Better Auth client is a network failure (fetch rejected). */
export const networkFailure = (): AuthFailure => ({
  kind: 'network',
  message: authMessages.network,
});
