import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { AuthUser } from '../lib/hono-env';

/** Who asks: a signed-in user (maybe an admin), or null for an anonymous caller. */
export type Actor = AuthUser | null;

/**
 * A policy's answer (`modules/<resource>/<resource>.policy.ts`): allowed, or refused with the
 * message the caller gets: a 403, or for an anonymous caller the 401 that asks to sign in.
 */
export type Decision =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly signIn: boolean;
      readonly reason: string;
      /** The refusal's own code (403), when it is not the general FORBIDDEN. */
      readonly code?: 'EMAIL_NOT_VERIFIED';
    };

export const allow: Decision = { allowed: true };

export const deny = (reason: string): Decision => ({ allowed: false, signIn: false, reason });

/** What every policy answers an anonymous caller for a signed-in action (401, like `signedIn`). */
export const signInFirst: Decision = {
  allowed: false,
  signIn: true,
  reason: 'Sign in to continue.',
};

/** `allowed` when `ok`, otherwise refused with `reason`. */
export const allowIf = (ok: boolean, reason: string): Decision => (ok ? allow : deny(reason));

/** Services and routes call this with a policy's decision: a refusal becomes the 401 or 403. */
export function authorize(decision: Decision): void {
  if (decision.allowed) return;
  if (decision.signIn) throw unauthorized(decision.reason);
  throw decision.code ? new AppError(decision.code, decision.reason) : forbidden(decision.reason);
}
