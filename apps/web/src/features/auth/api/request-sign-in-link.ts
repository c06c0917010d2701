import {
  networkFailure,
  toAuthFailure,
  type AuthFailure,
  type BetterAuthError,
} from '../lib/auth-errors';
import { loadAuthClient } from '../lib/load-auth-client';

/**
 * POST /api/auth/sign-in/magic-link: mails a sign-in link (once, 15 minutes) when an account uses
 * `email`; the answer is the same when none does. The link signs in and lands on `returnTo`, or
 * on /login?error=... when it is used or expired. Answers the failure to show, or null.
 */
export async function requestSignInLink(
  email: string,
  returnTo: string,
): Promise<AuthFailure | null> {
  try {
    const answer = await (
      await loadAuthClient()
    ).signIn.magicLink({ email, callbackURL: returnTo, errorCallbackURL: '/login' });
    return answer.error ? toAuthFailure(answer.error as BetterAuthError) : null;
  } catch {
    return networkFailure();
  }
}
