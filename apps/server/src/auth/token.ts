import { createHmac, timingSafeEqual } from 'node:crypto';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'pet-haven';
const AUDIENCE = 'pet-haven-api';
/** The one header every token carries: the only algorithm accepted is HS256. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

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

/**
 * The token's signature: HMAC-SHA256 of `header.payload` under the secret, in base64url.
 * node:crypto's HMAC runs in the calling thread, at a small part of the cost of WebCrypto's
 * promise-based one, on every signed-in request.
 */
const signatureOf = (signingInput: string, secret: string) =>
  createHmac('sha256', secret).update(signingInput).digest();

/** Signs a 15-minute HS256 access token for the API's `Authorization: Bearer` header. */
export function issueAccessToken(
  claims: AccessTokenClaims,
  secret: string,
  now = Date.now(),
): IssuedToken {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const payload = Buffer.from(
    JSON.stringify({ ...claims, iat, exp, iss: ISSUER, aud: AUDIENCE }),
  ).toString('base64url');
  const signingInput = `${HEADER}.${payload}`;
  const token = `${signingInput}.${signatureOf(signingInput, secret).toString('base64url')}`;
  return { token, expiresAt: new Date(exp * 1000) };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Answers the claims of a valid token, or null when it is malformed, forged or expired: the
 * header must say HS256 (type JWT, if any; no critical extensions), the signature (base64url) must match (compared in constant time), `exp` must be in
 * the future, `nbf` and `iat` (when present) not in the future, and the issuer and audience ours.
 */
export function verifyAccessToken(
  token: string,
  secret: string,
  now = Date.now(),
): AccessTokenClaims | null {
  const nowSeconds = Math.floor(now / 1000);
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodePart(headerPart);
  if (header?.alg !== 'HS256' || 'crit' in header) return null;
  if (header.typ !== undefined && header.typ !== 'JWT') return null;
  // one spelling per token: Buffer's decoder would skip characters outside base64url
  if (!BASE64URL.test(signaturePart)) return null;
  const expected = signatureOf(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodePart(payloadPart);
  if (!payload) return null;
  const { sub, sid, email, exp, nbf, iat, iss, aud } = payload;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (iat !== undefined && (typeof iat !== 'number' || iat > nowSeconds)) return null;
  if (iss !== ISSUER) return null;
  if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email !== 'string') return null;
  return { sub, sid, email };
}
