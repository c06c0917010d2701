import {
  networkFailure,
  toAuthFailure,
  type AuthFailure,
  type BetterAuthError,
} from '../lib/auth-errors';
import { loadAuthClient } from '../lib/load-auth-client';

/** Where the mailed link brings the user back to (with `?token=` or `?error=`). */
const RESET_PASSWORD_PATH = '/reset-password';

/**
 * POST /api/auth/request-password-reset: mails a reset link when an account uses `email`; the
 * answer is the same when none does. Answers the failure to show, or null.
 */
export async function requestPasswordReset(email: string): Promise<AuthFailure | null> {
  try {
    const answer = await (
      await loadAuthClient()
    ).requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH });
    return answer.error ? toAuthFailure(answer.error as BetterAuthError) : null;
  } catch {
    return networkFailure();
  }
}

/**
 * POST /api/auth/reset-password: sets the new password with the token of the link; every session
 * of the account ends. Answers the failure to show (`invalid-link` for a used or expired link), or null.
 */
export async function resetPassword(
  token: string,
  newPassword: string,
): Promise<AuthFailure | null> {
  try {
    const answer = await (await loadAuthClient()).resetPassword({ token, newPassword });
    return answer.error ? toAuthFailure(answer.error as BetterAuthError) : null;
  } catch {
    return networkFailure();
  }
}
