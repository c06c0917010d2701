import {
  networkFailure,
  toAuthFailure,
  type AuthFailure,
  type BetterAuthError,
} from '../lib/auth-errors';
import { loadAuthClient } from '../lib/load-auth-client';

/**
 * POST /api/auth/send-verification-email: mails the account a new verification link (the server
 * sends it to /email-verified and caps how many one address gets). Answers the failure, or null.
 */
export async function sendVerificationEmail(email: string): Promise<AuthFailure | null> {
  try {
    const answer = await (
      await loadAuthClient()
    ).sendVerificationEmail({ email, callbackURL: '/email-verified' });
    return answer.error ? toAuthFailure(answer.error as BetterAuthError) : null;
  } catch {
    return networkFailure();
  }
}
