import type { Logger } from './logger';

/** The authenticated caller, resolved from a bearer token issued by POST /api/jwt. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: 'user' | 'admin';
  /** Whether the account's e-mail is verified (decision 032): some actions need it. */
  emailVerified: boolean;
}

/**
 * `c.var` holds per-request values only (request id, its logger, the caller). Dependencies are
 * never put there: routes close over AppDeps (decision 019; hono-env.test.ts pins the keys).
 */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** null for anonymous callers; set by the authenticate middleware on every /api request. */
    user: AuthUser | null;
  };
}
