import { createHmac } from 'node:crypto';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, verifyAccessToken } from './token';

const secret = 's'.repeat(48);
const claims = { sub: 'user-1', sid: 'session-1', email: 'ann@example.com' };
const now = Date.UTC(2026, 10, 26, 12, 0, 0);
const seconds = Math.floor(now / 1000);

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with this header and payload, signed with `key` (HS256). */
function tokenOf(header: object, payload: object, key = secret) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}
const payload = (extra: object = {}) => ({
  ...claims,
  iat: seconds,
  exp: seconds + 60,
  iss: 'pet-haven',
  aud: 'pet-haven-api',
  ...extra,
});
const hs256 = { alg: 'HS256', typ: 'JWT' };

describe('access tokens', () => {
  it('verifies what it issues, until it expires 15 minutes later', () => {
    const { token, expiresAt } = issueAccessToken(claims, secret, now);
    expect(expiresAt.getTime()).toBe(now + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(verifyAccessToken(token, secret, now)).toEqual(claims);
    expect(verifyAccessToken(token, secret, expiresAt.getTime() - 1000)).toEqual(claims);
    expect(verifyAccessToken(token, secret, expiresAt.getTime())).toBeNull();
  });

  it('accepts tokens signed by the JWT library it replaced (those issued before an upgrade)', async () => {
    const token = await sign(payload(), secret, 'HS256');
    expect(verifyAccessToken(token, secret, now)).toEqual(claims);
  });

  it('refuses another secret, a changed payload or signature, and other algorithms', () => {
    const { token } = issueAccessToken(claims, secret, now);
    expect(verifyAccessToken(token, 't'.repeat(48), now)).toBeNull();
    const [h, , s] = token.split('.');
    expect(
      verifyAccessToken(`${h}.${b64(payload({ sub: 'user-2' }))}.${s}`, secret, now),
    ).toBeNull();
    expect(verifyAccessToken(`${token.slice(0, -2)}AA`, secret, now)).toBeNull();
    expect(verifyAccessToken(`${token}A`, secret, now)).toBeNull();
    for (const spelling of [`${token}=`, `${token}!`, ` ${token}`.replace('.', '. ')]) {
      expect(verifyAccessToken(spelling, secret, now)).toBeNull();
    }
    for (const header of [
      { alg: 'none' },
      { alg: 'HS512' },
      { typ: 'JWT' },
      { alg: 'HS256', typ: 'JWE' },
      { alg: 'HS256', crit: ['exp'] },
      [],
    ]) {
      expect(verifyAccessToken(tokenOf(header, payload()), secret, now)).toBeNull();
    }
    expect(verifyAccessToken(`${b64({ alg: 'none' })}.${b64(payload())}.`, secret, now)).toBeNull();
  });

  it.each([
    ['no expiry', { exp: undefined }],
    ['a text expiry', { exp: String(seconds + 60) }],
    ['a start in the future', { nbf: seconds + 10 }],
    ['an issue time in the future', { iat: seconds + 10 }],
    ['another issuer', { iss: 'someone' }],
    ['another audience', { aud: 'other-api' }],
    ['no session', { sid: undefined }],
    ['a number for a user', { sub: 42 }],
    ['no e-mail', { email: null }],
  ])('refuses a correctly signed token with %s', (_, extra) => {
    expect(verifyAccessToken(tokenOf(hs256, payload(extra)), secret, now)).toBeNull();
  });

  it('accepts a header without a type, an audience list that names the API, and a start already passed', () => {
    expect(verifyAccessToken(tokenOf({ alg: 'HS256' }, payload()), secret, now)).toEqual(claims);
    const token = tokenOf(hs256, payload({ aud: ['other', 'pet-haven-api'], nbf: seconds - 1 }));
    expect(verifyAccessToken(token, secret, now)).toEqual(claims);
  });

  it.each(['', 'a.b', 'a.b.c.d', '...', 'not a token', `${b64(hs256)}.bm90IGpzb24.x`])(
    'refuses the malformed %j',
    (token) => {
      expect(verifyAccessToken(token, secret, now)).toBeNull();
    },
  );
});
