/**
 * Accounts: Better Auth 1.7 mounted at /api/auth/* (see app.ts). It owns sign-up, sign-in,
 * sign-out and the session cookie. The rest of the API is authenticated by bearer only: the web
 * trades its cookie session for a 15-minute token at POST /api/jwt (auth/jwt.routes.ts).
 *
 * Calls the web makes (all JSON, same origin, `credentials: 'include'` is implied):
 * - Sign up:  POST /api/auth/sign-up/email  { name, email, password, image }
 *             image is the photo URL and is required; the spec's rules are enforced here
 *             (400 `{ code: 'VALIDATION_FAILED', message, issues: [{ path: 'json.<field>' }] }`);
 *             an e-mail already registered answers 422 `{ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }`.
 * - Sign in:  POST /api/auth/sign-in/email  { email, password }
 *             wrong e-mail or password: 401 `{ code: 'INVALID_EMAIL_OR_PASSWORD' }` (same answer for both);
 *             too many failed attempts for the account or from the client's address (sign-in-throttle.service.ts):
 *             429 `{ code: 'RATE_LIMITED' }` with `Retry-After` (and `X-Retry-After`) seconds.
 * - Every path that sets a password (sign-up, change-password, reset-password, set-password, and any
 *   added later) follows the password rules: 400 VALIDATION_FAILED naming the field (`json.newPassword`).
 * - Bodies are JSON only: any other content type is 415 UNSUPPORTED_MEDIA_TYPE (app.ts). Every error
 *   answers `{ code, message, issues? }` (app.ts normalizeAuthResponse).
 * - Google:   POST /api/auth/sign-in/social { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' }
 * - GitHub:   POST /api/auth/sign-in/social { provider: 'github', callbackURL: '/', errorCallbackURL: '/login' }
 *             Both answer 200 `{ url, redirect: true }`: set `window.location.href = url` (the Better Auth
 *             react client's `authClient.signIn.social({ provider, callbackURL, errorCallbackURL })` does this).
 *             The provider sends the browser back to /api/auth/callback/<provider>, which sets the session
 *             cookie and redirects to callbackURL (on failure to errorCallbackURL?error=<code>).
 *             An e-mail that already has a password account is not linked to the social account
 *             (it could have been registered by someone else): error=account_not_linked.
 *             A provider that is not configured answers 404 `{ code: 'PROVIDER_NOT_FOUND' }`;
 *             GET /api/config tells in advance which providers are configured.
 *             Register `${PUBLIC_URL}/api/auth/callback/google` and `.../callback/github` at the providers.
 * - Session:  GET /api/auth/get-session (null when signed out); sign out: POST /api/auth/sign-out with `{}`.
 * - Token:    POST /api/jwt { email } (cookie session, same-origin Origin header) -> { token, expiresAt }.
 *
 * Built once per process by buildDeps (app-deps.ts) as `deps.auth`. Server-side use (e.g. the
 * demo-data seeder): `await deps.auth.api.signUpEmail({ body: { name, email, password, image } })`.
 * The same rules apply (a weak password or a missing image throws an APIError with status 400).
 */
import type { ValidationIssue } from '@pet-haven/shared/errors';
import {
  emailSchema,
  nameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  photoUrlSchema,
} from '@pet-haven/shared/auth';
import { betterAuth, type BetterAuthOptions, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import * as schema from '../db/schema/index';
import { recordAdminAction } from '../modules/audit/audit.repository';
import {
  accountDeletionMail,
  emailChangeMail,
  emailVerificationMail,
  magicLinkMail,
  passwordResetMail,
} from '../modules/mail/mail.templates';
import { eraseAccountData } from '../modules/users/account-deletion.service';
import { isAdminRole, mayTakeListedAdminRole } from '../modules/users/users.policy';
import { applyAdminEmails } from '../modules/users/users.service';
import { findUserEmail } from './auth.repository';
import { createSignInThrottle } from './sign-in-throttle.service';
import type { SharedCounters } from '../lib/shared-counters';

/** How account passwords are hashed and checked (Better Auth's emailAndPassword.password). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** Better Auth's own password hashing (scrypt, N=16384, r=16, p=1): every process but the tests. */
export const betterAuthPasswordHasher: PasswordHasher = {
  hash: hashPassword,
  verify: verifyPassword,
};

/** Our own header for the client address, set from the socket by app.ts (never from the client). */
export const CLIENT_IP_HEADER = 'x-pet-haven-client-ip';

/** Where a verification link lands (the web's page that says it worked, or why not). */
const EMAIL_VERIFIED_PATH = '/email-verified';

/** The actor recorded in the audit log for promotions made because of ADMIN_EMAILS. */
const ADMIN_EMAILS_ACTOR = 'system:ADMIN_EMAILS';

const signUpRules = {
  name: nameSchema,
  email: emailSchema,
  image: photoUrlSchema,
  password: passwordSchema,
} as const;

/** The registration form's labels (spec section 2), for "<label> is required". */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  image: 'Photo URL',
  password: 'Password',
  newPassword: 'New password',
};

/**
 * Body fields that carry an existing password to check, never a new one. Every other body field
 * named `…password` (`password`, `newPassword`), on any path, is a password being set and must
 * follow the rules: a path Better Auth or a plugin adds later is covered without being listed here
 * (at worst it refuses a weak password it only meant to check: fails closed).
 */
const CHECKS_EXISTING_PASSWORD: Record<string, readonly string[]> = {
  '/sign-in/email': ['password'],
  '/delete-user': ['password'],
  '/verify-password': ['password'],
};
const EXISTING_PASSWORD_FIELDS = new Set(['currentPassword', 'oldPassword']);

/** The rules for every new password in the body of a call to `path` (see above). */
function newPasswordRules(path: string, body: unknown): Record<string, z.ZodType> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const rules: Record<string, z.ZodType> = {};
  for (const field of Object.keys(body)) {
    if (!/password$/i.test(field) || EXISTING_PASSWORD_FIELDS.has(field)) continue;
    if (CHECKS_EXISTING_PASSWORD[path]?.includes(field)) continue;
    rules[field] = passwordSchema;
  }
  return rules;
}

/** The e-mail a sign-in attempt is for (lower-case, as Better Auth looks it up), or null when
 * Better Auth will refuse the body before checking any password. */
function signInEmailOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { email, password } = body as Record<string, unknown>;
  if (typeof password !== 'string' || !z.email().safeParse(email).success) return null;
  return (email as string).toLowerCase();
}

/** The body fields a profile update may change, checked like sign-up. */
const updateUserRules = {
  name: nameSchema.optional(),
  image: photoUrlSchema.optional(),
} as const;

function check(
  rules: Record<string, z.ZodType>,
  body: unknown,
  message: (issue: ValidationIssue) => string,
) {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const issues: ValidationIssue[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const result = rule.safeParse(input[field]);
    if (!result.success) {
      const first = result.error.issues[0];
      const text =
        input[field] === undefined || input[field] === null
          ? `${FIELD_LABELS[field] ?? field} is required`
          : first?.code === 'invalid_type'
            ? `${FIELD_LABELS[field] ?? field} must be text`
            : (first?.message ?? 'Invalid value');
      issues.push({ path: `json.${field}`, message: text });
    }
  }
  const first = issues[0];
  if (first) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_FAILED',
      message: message(first),
      issues,
    });
  }
}

/** Better Auth's per-address limits, counted in the counters every process shares. */
function sharedRateLimitStorage(counters: SharedCounters) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const answer = await counters.hit(`auth-limit:${key}`, {
        windowSeconds: rule.window,
        max: rule.max,
      });
      return {
        allowed: answer.allowed,
        retryAfter: answer.allowed ? null : answer.retryAfterSeconds,
      };
    },
  };
}

export function createAuth(
  deps: Pick<
    AppDeps,
    | 'config'
    | 'database'
    | 'logger'
    | 'now'
    | 'counters'
    | 'passwordHasher'
    | 'mailer'
    | 'imageStorage'
  >,
) {
  const { mailer } = deps;
  const { config, database } = deps;
  const db = database.db;
  const throttle = createSignInThrottle(deps);
  const adminEmails = new Set(config.adminEmails.map((e) => e.toLowerCase()));
  const logger = deps.logger.child({ module: 'better-auth' });
  const authRule = {
    window: config.authRateLimit.windowSeconds,
    max: config.authRateLimit.max,
  };

  /**
   * Delete my account by password (POST /delete-user { password }): Better Auth checks the
   * password, then, as a link may also confirm the deletion, makes a deletion token and calls
   * sendDeleteAccountVerification. For a request that carried the password, that token is kept
   * here (by request) and used at once by the after hook instead of being mailed.
   */
  const deleteByPassword = new WeakMap<Request, string | null>();
  let self: ReturnType<typeof betterAuth> | null = null;

  const plugins: BetterAuthPlugin[] = [
    // Sign in with an e-mail link (POST /sign-in/magic-link { email, callbackURL, errorCallbackURL }):
    // the same answer for any e-mail; only an existing account is mailed (no sign-up by link: an
    // account needs a name and a photo). The link works once, for 15 minutes, and verifies the
    // address; the token is stored hashed.
    magicLink({
      expiresIn: 15 * 60,
      disableSignUp: true,
      storeToken: 'hashed',
      sendMagicLink: async ({ email, url }, ctx) => {
        const found = await ctx?.context.internalAdapter.findUserByEmail(email.toLowerCase());
        if (!found) return;
        const mail = magicLinkMail({ name: found.user.name, url, site: mailer.site });
        if (await mailer.enqueue(db, found.user.email, mail, { count: 3, withinMs: 60 * 60_000 })) {
          mailer.wake();
        }
      },
    }),
  ];
  if (config.google) {
    plugins.push(
      genericOAuth({
        config: [
          {
            providerId: 'google',
            name: 'Google',
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            discoveryUrl: `${config.google.issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
          },
        ],
      }),
    );
  }

  const options = {
    appName: 'Pet Haven',
    basePath: '/api/auth',
    baseURL: config.publicUrl,
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      password: deps.passwordHasher,
      // Forgot password (POST /request-password-reset { email, redirectTo: '/reset-password' }):
      // the same answer whether the e-mail is known or not; a known one gets a link valid for an
      // hour and usable once. Setting the new password ends every session of the account.
      sendResetPassword: async ({ user, url }) => {
        const mail = passwordResetMail({ name: user.name, url, site: mailer.site });
        // at most 3 an hour to one address, however many addresses ask (the answer stays the same)
        if (await mailer.enqueue(db, user.email, mail, { count: 3, withinMs: 60 * 60_000 })) {
          mailer.wake();
        }
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // A reset proves the account is its owner's: the sign-in back-off no longer applies.
      onPasswordReset: async ({ user }) => {
        await throttle.reset(user.email.toLowerCase());
      },
    },
    // E-mail verification (decision 032): sign-up mails a link (a signed token, 24 hours);
    // POST /send-verification-email { email, callbackURL } sends another. The link verifies the
    // address, signs the user in and lands on /email-verified (?error=<code> when refused).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      // An address in ADMIN_EMAILS becomes an admin when its link is opened in a session of the
      // account itself: the opener then holds both the mailbox and the account. Anyone may sign
      // up with a listed address and its owner may open the link elsewhere, which proves the
      // mailbox but leaves the account (its password, its sessions) to whoever made it.
      afterEmailVerification: async (user, request) => {
        if (!request || !self) return;
        const current = await self.api.getSession({ headers: request.headers });
        if (!mayTakeListedAdminRole(current?.user ?? null, user.id)) return;
        await applyAdminEmails(deps, user.id, { id: null, email: ADMIN_EMAILS_ACTOR });
      },
      sendVerificationEmail: async ({ user, url }) => {
        const link = new URL(url);
        // wherever the request asked to go, the link lands on the page that says what happened
        link.searchParams.set('callbackURL', EMAIL_VERIFIED_PATH);
        // a change of address (POST /change-email) is mailed to the new address, `user.email` here
        const stored = await findUserEmail(db, user.id);
        const changing = stored !== null && stored.toLowerCase() !== user.email.toLowerCase();
        const mail = (changing ? emailChangeMail : emailVerificationMail)({
          name: user.name,
          url: link.href,
          site: mailer.site,
        });
        if (await mailer.enqueue(db, user.email, mail, { count: 5, withinMs: 60 * 60_000 })) {
          mailer.wake();
        }
      },
    },
    socialProviders: config.github
      ? {
          github: {
            clientId: config.github.clientId,
            clientSecret: config.github.clientSecret,
          },
        }
      : {},
    plugins,
    user: {
      // Change of e-mail (profile): POST /change-email { newEmail } mails the new address a link
      // that confirms it; the account keeps the old one until then (decision 032).
      changeEmail: { enabled: true },
      // Delete my account (profile): POST /delete-user { password } deletes at once; without a
      // password it mails a link (1 hour) to the site's /delete-account page, where the signed-in
      // user confirms with a click (POST /delete-user { token }): opening the link deletes nothing,
      // and a user signed out is asked to log in first. Better Auth's GET /delete-user/callback,
      // which deleted on opening, is disabled (disabledPaths below). Our transaction deletes
      // everything, the user row last (account-deletion.service.ts); Better Auth's own deletes of
      // the sessions, logins and user row then find nothing left.
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: 60 * 60,
        sendDeleteAccountVerification: async ({ user, token }, request) => {
          if (request && deleteByPassword.has(request)) {
            // confirmed by the password: the after hook deletes with this token, no mail
            deleteByPassword.set(request, token);
            return;
          }
          const url = `${config.publicUrl}/delete-account?token=${encodeURIComponent(token)}`;
          const mail = accountDeletionMail({ name: user.name, url, site: mailer.site });
          if (await mailer.enqueue(db, user.email, mail, { count: 3, withinMs: 60 * 60_000 })) {
            mailer.wake();
          }
        },
        beforeDelete: async (user) => {
          await eraseAccountData(deps, { id: user.id, email: user.email, name: user.name });
        },
      },
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
      },
    },
    account: { encryptOAuthTokens: true },
    // a deletion is confirmed on the site's /delete-account page, never by opening a link
    disabledPaths: ['/delete-user/callback'],
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        // Failed e-mail sign-ins are limited per account and per address by our hooks below
        // (sign-in-throttle.service.ts); successful ones are not counted against an address.
        '/sign-in/email': false,
        '/sign-up/email': authRule,
        // Better Auth's default here is 3 per minute; each address also gets at most 3 an hour.
        '/request-password-reset': authRule,
        // the same for "resend" (each address at most 5 an hour)
        '/send-verification-email': authRule,
        // and for sign-in links (each address at most 3 an hour)
        '/sign-in/magic-link': authRule,
        // Better Auth's default here is 3 per 10 s; one configurable rule for every way in.
        '/sign-in/social': authRule,
      },
      customStorage: sharedRateLimitStorage(deps.counters),
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Keep Better Auth's Origin and CSRF checks on in every environment, tests included.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        logger[fn]({ args: args.length ? args : undefined }, message);
      },
    },
    telemetry: { enabled: false },
    // Errors that are not Better Auth's own answers (a database outage, a bug) go on to our one
    // error handler (app.ts): 503 SERVICE_UNAVAILABLE when the database is unreachable, a hidden
    // 500 `{ code, message }` otherwise, where Better Auth would answer a bare 500.
    onAPIError: { throw: true },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const rules = {
          ...(ctx.path === '/sign-up/email'
            ? signUpRules
            : ctx.path === '/update-user'
              ? updateUserRules
              : {}),
          ...newPasswordRules(ctx.path, ctx.body),
        };
        if (Object.keys(rules).length > 0) check(rules, ctx.body, (i) => i.message);

        if (ctx.path === '/delete-user' && ctx.body && 'password' in ctx.body) {
          // Better Auth checks a password only when it is not empty: an empty one must not count
          // as confirmation (it would delete with nothing checked)
          const password: unknown = ctx.body.password;
          const given = typeof password === 'string' && password.length > 0;
          if (!given)
            check(
              { password: z.string().min(1) },
              { ...ctx.body, password: undefined },
              (i) => i.message,
            );
          if (ctx.request) deleteByPassword.set(ctx.request, null);
        }
        if (ctx.path === '/delete-user' && typeof ctx.body?.token === 'string') {
          // Better Auth uses a deletion token up before it checks whose it is: another account's
          // click would spend the owner's link. Refused here, the token left as it was.
          const session = await getSessionFromCtx(ctx);
          if (session) {
            const found = await ctx.context.internalAdapter.findVerificationValue(
              `delete-account-${ctx.body.token}`,
            );
            if (found && found.value !== session.user.id) {
              throw new APIError('NOT_FOUND', { code: 'INVALID_TOKEN', message: 'Invalid token' });
            }
          }
        }
        if (ctx.path === '/sign-in/email') {
          const email = signInEmailOf(ctx.body);
          if (!email) return;
          const decision = await throttle.begin(email, ctx.headers?.get(CLIENT_IP_HEADER) ?? null);
          if (!decision.allowed) {
            const seconds = String(decision.retryAfterSeconds);
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { code: 'RATE_LIMITED', message: decision.message },
              { 'Retry-After': seconds, 'X-Retry-After': seconds },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/delete-user') {
          // the password was right (Better Auth checked it before making the token): delete now,
          // through Better Auth's own token path, instead of mailing the link
          const token = ctx.request ? deleteByPassword.get(ctx.request) : undefined;
          if (!token || !self || isAPIError(ctx.context.returned)) return;
          await self.api.deleteUser({ body: { token }, headers: ctx.headers ?? new Headers() });
          return ctx.json({ success: true, message: 'User deleted' });
        }
        if (ctx.path !== '/sign-in/email') return;
        const email = signInEmailOf(ctx.body);
        if (email && ctx.context.newSession && !isAPIError(ctx.context.returned)) {
          await throttle.succeeded(email, ctx.headers?.get(CLIENT_IP_HEADER) ?? null);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            // only an address a provider vouches for (Google, GitHub, the demo data): whoever signs
            // up first with a listed address must not become an admin by it
            if (user.emailVerified === true && adminEmails.has(String(user.email).toLowerCase())) {
              return { data: { ...user, role: 'admin' } };
            }
            return undefined;
          },
          after: async (user) => {
            if (isAdminRole(user.role)) {
              await recordAdminAction(db, {
                actor: { id: null, email: ADMIN_EMAILS_ACTOR },
                action: 'user.promote',
                targetType: 'user',
                targetId: user.id,
                before: null,
                after: { email: user.email, role: 'admin' },
              });
            }
          },
        },
      },
    },
  } satisfies BetterAuthOptions;

  const auth = betterAuth(options);
  self = auth as unknown as ReturnType<typeof betterAuth>;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
