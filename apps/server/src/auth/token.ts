import { sign, verify } from 'hono/jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'pet-haven';
const AUDIENCE = 'pet-haven-api';

export interface AccessTokenClaims {
  /** user id */
  sub: string;
  /** Better Auth session id: signing out ends the tokens issued for that session */
  sid: string;
  email: string;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** Signs a 15-minute HS256 access token for the API's `Authorization: Bearer` header. */
export async function issueAccessToken(
  claims: AccessTokenClaims,
  secret: string,
  now = Date.now(),
): Promise<IssuedToken> {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await sign({ ...claims, iat, exp, iss: ISSUER, aud: AUDIENCE }, secret, 'HS256');
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Answers the claims of a valid token, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(
  token: string,
  secret: string,
): Promise<AccessTokenClaims | null> {
  try {
    const payload = await verify(token, secret, { alg: 'HS256', iss: ISSUER, aud: AUDIENCE });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.email !== 'string'
    ) {
      return null;
    }
    return { sub: payload.sub, sid: payload.sid, email: payload.email };
  } catch {
    return null;
  }
}
