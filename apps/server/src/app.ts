import { createHash } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  codeForStatus,
  type ErrorBody,
  isCatalogueAnswer,
  validationIssueSchema,
} from '@pet-haven/shared/errors';
import { THEME_INIT_SCRIPT } from '@pet-haven/shared/ssr';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from './app-deps';
import { authenticate } from './auth/authenticate.middleware';
import { CLIENT_IP_HEADER } from './auth/better-auth';
import { createJwtRoutes } from './auth/jwt.routes';
import { compressAnswers } from './lib/compression';
import { JSON_CONTENT_TYPE, readBodyUpTo } from './lib/request-body';
import { checkErrorAnswers } from './lib/error-catalogue-check';
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  handleError,
  handleNotFound,
} from './lib/errors';
import type { AppEnv } from './lib/hono-env';
import type { Logger } from './lib/logger';
import { createRouter } from './lib/openapi';
import { createAdoptionRequestsRoutes } from './modules/adoption-requests/adoption-requests.routes';
import { createImagesRoutes } from './modules/images/images.routes';
import { createPetsRoutes } from './modules/pets/pets.routes';
import { createCampaignsRoutes } from './modules/campaigns/campaigns.routes';
import { createFavouritesRoutes } from './modules/favourites/favourites.routes';
import { createSavedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { createPlacesRoutes } from './modules/places/places.routes';
import { createMailRoutes } from './modules/mail/mail.routes';
import { createReceiptsRoutes } from './modules/receipts/receipts.routes';
import { createNotificationsRoutes } from './modules/notifications/notifications.routes';
import { createPaymentsRoutes } from './modules/payments/payments.routes';
import { createAuditRoutes } from './modules/audit/audit.routes';
import { createCampaignsAdminRoutes } from './modules/campaigns/campaigns-admin.routes';
import { createPetsAdminRoutes } from './modules/pets/pets-admin.routes';
import { createSystemRoutes } from './modules/system/system.routes';
import { createUsersRoutes } from './modules/users/users.routes';
import {
  answerShell,
  loadWebBuild,
  missingFile,
  namesAFile,
  serveWebFiles,
  underAssets,
} from './web/static-files';
import { mountServerRendering } from './web/render';
import { mountSeo } from './web/seo';

/** The options of hono's secureHeaders middleware (hono does not export their type). */
type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** API paths that answer without the database, also while start-up is still waiting for it. */
const WITHOUT_DATABASE = /^\/api\/(health|config|openapi\.json|docs(\/.*)?)$/;

/** JSON bodies are small; uploads have their own, larger limit in the images module. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** The one inline script a page runs (the theme, before the first paint), allowed by its hash. */
const THEME_INIT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

function contentSecurityPolicy(deps: AppDeps) {
  const stripe = deps.config.stripe !== null;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", THEME_INIT_HASH, ...(stripe ? ['https://js.stripe.com'] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Profile pictures are photo URLs the user gives, on any https host; pictures may be served
    // from IMAGE_PUBLIC_BASE_URL (named, for one on plain http).
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      'https:',
      ...(deps.config.imageBase ? [new URL(deps.config.imageBase).origin] : []),
    ],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
  };
}

/**
 * Whether Strict-Transport-Security may be sent: only when PUBLIC_URL is https, and with
 * TRUST_PROXY not when the proxy reports the request came over plain http (X-Forwarded-Proto). A
 * site configured for http (local runs, http://localhost) never pins its host to HTTPS.
 */
function servedOverHttps(c: Context<AppEnv>, deps: AppDeps): boolean {
  if (!deps.config.publicUrl.startsWith('https://')) return false;
  if (deps.config.trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
    if (proto) return proto === 'https';
  }
  return true;
}

/**
 * The client's address for rate limiting: the socket's peer, or with TRUST_PROXY the last
 * X-Forwarded-For entry (the address our own proxy saw). null without a socket (app.request in tests).
 */
function clientIp(c: Context<AppEnv>, trustProxy: boolean): string | null {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** Better Auth codes about one field of the body: answered as our VALIDATION_FAILED naming it. */
const AUTH_FIELD_CODES: Record<string, string> = { INVALID_EMAIL: 'json.email' };

/**
 * Every error Better Auth answers becomes `{ code, message, issues? }` (the one error pipeline):
 * a code of the catalogue with its status stays (ours, and Better Auth's own that the catalogue
 * lists as `auth`); any other code, or none (`{"message":"No fields to update"}`, an empty 404),
 * becomes the general code of its status (codeForStatus) with Better Auth's message;
 * a 5xx hides its message; a 429 keeps (or gets) Retry-After. Its other headers (cookies) are kept.
 */
async function normalizeAuthResponse(res: Response, log?: Logger): Promise<Response> {
  if (res.status < 400) return res;
  let theirs: { code?: unknown; message?: unknown; issues?: unknown } = {};
  if (/json/i.test(res.headers.get('content-type') ?? '')) {
    const parsed: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) theirs = parsed;
  }
  const theirCode = typeof theirs.code === 'string' ? theirs.code : undefined;
  const theirMessage =
    typeof theirs.message === 'string' && theirs.message.trim() ? theirs.message : undefined;
  const issues = z.array(validationIssueSchema).min(1).safeParse(theirs.issues);
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');

  let body: ErrorBody;
  if (res.status >= 500) {
    log?.error({ status: res.status, code: theirCode, message: theirMessage }, 'Better Auth error');
    body = {
      code: codeForStatus(res.status),
      message: 'Something went wrong. Please try again later.',
    };
  } else if (res.status === 429) {
    const retryAfter = res.headers.get('retry-after') ?? res.headers.get('x-retry-after') ?? '60';
    headers.set('retry-after', retryAfter);
    headers.set('x-retry-after', retryAfter);
    body = {
      code: 'RATE_LIMITED',
      message:
        theirCode === 'RATE_LIMITED' && theirMessage
          ? theirMessage
          : 'Too many attempts. Please wait a minute and try again.',
    };
  } else if (theirCode && AUTH_FIELD_CODES[theirCode]) {
    const message = theirMessage ?? 'Invalid value.';
    body = {
      code: 'VALIDATION_FAILED',
      message,
      issues: [{ path: AUTH_FIELD_CODES[theirCode], message }],
    };
  } else {
    body = {
      code: isCatalogueAnswer(res.status, theirCode) ? theirCode : codeForStatus(res.status),
      message: theirMessage ?? (res.statusText || 'The request could not be handled.'),
      ...(issues.success ? { issues: issues.data } : {}),
    };
  }
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/** Providers' callbacks (a provider may post a form back); every other auth POST body is JSON. */
const AUTH_PROVIDER_CALLBACK = /^\/api\/auth\/(callback|oauth2\/callback)\//;

/** The whole HTTP app, from the process's one AppDeps (buildDeps in app-deps.ts). */
export function createApp(deps: AppDeps) {
  const { auth } = deps;
  const app = new OpenAPIHono<AppEnv>();

  // Tests fail on an error answer outside the error catalogue (test/helpers/error-catalogue-setup.ts).
  if (deps.config.env === 'test') app.use(checkErrorAnswers);
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    const logger = deps.logger.child({ requestId: c.get('requestId') });
    c.set('logger', logger);
    await next();
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get('user')?.id,
      },
      'request',
    );
  });
  // Text answers compressed by Accept-Encoding (decision 022); inside the checks above, which read bodies.
  app.use(compressAnswers());
  const securityHeaders = {
    contentSecurityPolicy: contentSecurityPolicy(deps),
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  } as const;
  // Pictures are public and content-addressed: other origins may show them, as a CDN in front of
  // the site does (IMAGE_PUBLIC_BASE_URL, decision 040). Registered before the security headers,
  // so this runs after them on the way out.
  app.use('/api/images/:file', async (c, next) => {
    await next();
    c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  });
  // A JSON answer (the API's, its errors included) is data, never a page: it gets a set based on
  // OWASP's REST cheat sheet, the page's set with a policy that lets it load nothing instead of the
  // page's policy, and without its browser switches (decision 055). Pages, the API's docs and
  // pictures keep them.
  const jsonHeaders = {
    ...securityHeaders,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  } satisfies SecureHeadersOptions;
  /** A set of headers as sent over HTTPS, and over plain HTTP (without HSTS). */
  const byScheme = (options: SecureHeadersOptions) => ({
    https: secureHeaders(options),
    http: secureHeaders({ ...options, strictTransportSecurity: false }),
  });
  const headersOf = { page: byScheme(securityHeaders), json: byScheme(jsonHeaders) };
  const answered = async () => undefined;
  // Chosen once the handler has answered (an error's answer included: onError has set it by then).
  // hono's NONCE cannot be used in the page's policy so: it would come after the page is rendered.
  app.use(async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    const kind = JSON_CONTENT_TYPE.test(type) ? 'json' : 'page';
    await headersOf[kind][servedOverHttps(c, deps) ? 'https' : 'http'](c, answered);
  });

  app.onError(handleError);

  const api = createRouter();
  api.use('*', async (c, next) => {
    if (!deps.readiness.ready && !WITHOUT_DATABASE.test(c.req.path)) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      throw databaseUnavailable(
        'The server is starting and cannot reach its database yet. Please try again in a moment.',
      );
    }
    return next();
  });
  const bodyTooLarge = (): never => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large (1 MB at most).');
  };
  const readJsonBody = readBodyUpTo(JSON_BODY_LIMIT, bodyTooLarge);
  const authBodyLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: bodyTooLarge });
  api.use('*', async (c, next) => {
    // Uploads set their own larger limit; everything else is JSON and small. GET and HEAD carry no
    // body: asking for one would build a full Request for nothing (a tenth of a list's time).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.path.startsWith('/api/images')) return next();
    // Better Auth reads the WHATWG Request itself; every other body is read once, for the handler
    if (c.req.path.startsWith('/api/auth/')) return authBodyLimit(c, next);
    return readJsonBody(c, next);
  });
  const bearer = authenticate(deps);
  api.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/auth/')) return next();
    return bearer(c, next);
  });

  // Better Auth: accounts and the session cookie. Its client-IP header is ours, set from the socket.
  api.on(['GET', 'POST'], '/auth/*', async (c) => {
    // JSON only, like every other write (Better Auth would also read form-encoded bodies).
    const type = c.req.header('content-type');
    if (
      c.req.method === 'POST' &&
      type !== undefined &&
      !JSON_CONTENT_TYPE.test(type.trim()) &&
      !AUTH_PROVIDER_CALLBACK.test(c.req.path)
    ) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, deps.config.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    return normalizeAuthResponse(
      await auth.handler(new Request(c.req.raw, { headers })),
      c.get('logger'),
    );
  });

  api.route('/', createSystemRoutes(deps));
  api.route('/', createJwtRoutes(deps));
  api.route('/', createUsersRoutes(deps));
  api.route('/', createAuditRoutes(deps));
  api.route('/', createImagesRoutes(deps));
  api.route('/', createPetsRoutes(deps));
  api.route('/', createAdoptionRequestsRoutes(deps));
  api.route('/', createPetsAdminRoutes(deps));
  api.route('/', createCampaignsAdminRoutes(deps));
  api.route('/', createCampaignsRoutes(deps));
  api.route('/', createPaymentsRoutes(deps));
  api.route('/', createNotificationsRoutes(deps));
  api.route('/', createReceiptsRoutes(deps));
  api.route('/', createMailRoutes(deps));
  api.route('/', createFavouritesRoutes(deps));
  api.route('/', createSavedSearchesRoutes(deps));
  api.route('/', createPlacesRoutes(deps));

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token answered by POST /api/jwt',
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Pet Haven API',
      version: '1.0.0',
      description: 'Pet adoption and donation API. Errors answer `{ code, message, issues? }`.',
    },
    servers: [{ url: '/api' }],
  });
  api.notFound(handleNotFound);

  app.route('/api', api);
  app.all('/api/*', handleNotFound);

  // robots.txt, the sitemap and the public pages rendered on the server (decision 021)
  mountSeo(app, deps);
  mountServerRendering(app, deps);
  mountWebApp(app, deps);
  return app;
}
export type App = ReturnType<typeof createApp>;

/**
 * Serves the built SPA (web/static-files.ts, decisions 014 and 022): files of the build by content
 * negotiation, /assets/ cached for a year, the rest revalidated; a missing file (anything under
 * /assets/, or any path with a file extension) is a 404 without caching; every other path is a
 * page and gets index.html.
 */
function mountWebApp(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const root = deps.config.webDistDir;
  const build = loadWebBuild(root);
  if (!build) {
    deps.logger.warn({ root }, 'Web app not built; run `npm run build`. Serving the API only.');
    return;
  }
  app.use('*', serveWebFiles(build));
  app.get('*', (c) => {
    if (underAssets(c.req.path) || namesAFile(c.req.path)) return missingFile(c);
    return answerShell(c, build);
  });
}
