import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../app-deps';
import { unauthorized } from '../lib/errors';
import type { AppEnv, AuthUser } from '../lib/hono-env';
import { findUserWithLiveSession } from './auth.repository';
import { type Actor, authorize, type Decision } from './authorize';
import { verifyAccessToken } from './token';

/**
 * Resolves the caller from `Authorization: Bearer <token>` (the token of POST /api/jwt).
 * The API authenticates by bearer only, so a cross-site page cannot act as a signed-in user.
 * A missing header means anonymous; a malformed, forged or expired token answers 401.
 */
export function authenticate(
  deps: Pick<AppDeps, 'config' | 'database'>,
): MiddlewareHandler<AppEnv> {
  const db = deps.database.db;
  const secret = deps.config.authSecret;
  return async (c, next) => {
    c.set('user', null);
    const header = c.req.header('authorization');
    if (header) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".');
      const claims = verifyAccessToken(match[1], secret);
      if (!claims) throw unauthorized('The access token is invalid or has expired.');
      const found = await findUserWithLiveSession(db, claims.sub, claims.sid);
      if (!found) throw unauthorized('The session behind this token has ended.');
      c.set('user', found);
    }
    await next();
  };
}

/** The signed-in caller, or a 401. */
export function requireUser(c: Context<AppEnv>): AuthUser {
  const u = c.get('user');
  if (!u) throw unauthorized();
  return u;
}

/**
 * A route's guard (`guard: signedIn`, lib/openapi.ts): anonymous callers get 401 before their
 * input is validated.
 */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/**
 * A route's guard for actions a policy decides without the resource, e.g.
 * `guard: allowedBy(campaignsPolicy.canDelete)`: the policy's 401 or 403 comes before the input
 * is validated.
 */
export const allowedBy =
  (policy: (actor: Actor) => Decision): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    authorize(policy(c.get('user')));
    await next();
  };
