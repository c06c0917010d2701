import { jwtAnswerSchema, jwtBodySchema } from '@pet-haven/shared/users';
import type { AppDeps } from '../app-deps';
import { forbidden, unauthorized } from '../lib/errors';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../lib/openapi';
import { presentAccessToken } from './jwt.presenter';
import { issueAccessToken } from './token';

const route = declareRoutes('Auth');

const jwtRoute = route.post('/jwt', {
  summary: 'Trade the Better Auth session cookie for a 15-minute bearer token',
  description:
    'Needs the session cookie set by /api/auth/* and an `Origin` header naming this site (or another ' +
    "trusted origin). `email`, when given, must be the session user's. The token ends early when that " +
    'session ends (sign-out).',
  request: { body: jsonBody(jwtBodySchema, { required: false }) },
  ok: [200, jsonContent(jwtAnswerSchema, 'A bearer token for the API')],
  errors: [400, 401, 403],
});

/** `Origin` must name a trusted origin: a cookie-authenticated write from another site is refused. */
function isTrustedOrigin(origin: string | undefined, trusted: string[]): boolean {
  if (!origin || origin === 'null') return false;
  let normalized: string;
  try {
    normalized = new URL(origin).origin.toLowerCase();
  } catch {
    return false;
  }
  return trusted.some((t) => {
    try {
      return new URL(t).origin.toLowerCase() === normalized;
    } catch {
      return false;
    }
  });
}

export function createJwtRoutes(deps: AppDeps) {
  const { auth } = deps;
  const router = createRouter();
  router.openapi(jwtRoute, async (c) => {
    if (!isTrustedOrigin(c.req.header('origin'), deps.config.trustedOrigins)) {
      throw forbidden('This request must come from the Pet Haven site (Origin header).');
    }
    const found = await auth.api
      .getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true } })
      .catch(() => null);
    if (!found) throw unauthorized('Sign in to get an access token.');
    const body = c.req.valid('json') ?? {};
    if (body.email !== undefined && body.email.toLowerCase() !== found.user.email.toLowerCase()) {
      throw forbidden('You can only get a token for your own account.');
    }
    const issued = issueAccessToken(
      { sub: found.user.id, sid: found.session.id, email: found.user.email },
      deps.config.authSecret,
    );
    return c.json(presentAccessToken(issued), 200);
  });
  return router;
}
