import type { JwtAnswer } from '@pet-haven/shared/users';
import type { IssuedToken } from './token';

/** POST /api/jwt: the bearer token and when it stops being accepted. */
export const presentAccessToken = (issued: IssuedToken): JwtAnswer => ({
  token: issued.token,
  expiresAt: issued.expiresAt.toISOString(),
});
