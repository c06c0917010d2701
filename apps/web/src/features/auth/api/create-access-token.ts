import type { JwtAnswer } from '@pet-haven/shared/users';
import { api } from '@/lib/api-client';

/**
 * POST /api/jwt: trades the session cookie for a 15-minute bearer token. Sent without a bearer
 * header (`anonymous`): the token manager calls it while callers wait for a token.
 * Failures are ApiErrors (status 0 = network), which the token manager reads.
 */
export function createAccessToken(email: string): Promise<JwtAnswer> {
  return api<JwtAnswer>('/jwt', { method: 'POST', json: { email }, anonymous: true });
}
