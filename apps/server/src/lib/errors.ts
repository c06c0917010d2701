import {
  codeForStatus,
  type ErrorBody,
  type ErrorCode,
  errorCatalogue,
  type ValidationIssue,
} from '@pet-haven/shared/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { AppEnv } from './hono-env';

/**
 * A typed, expected failure. Services throw these; the one error handler answers them. The code
 * is one of the error catalogue (packages/shared/src/errors.ts), which gives the status and the
 * default message; a thrower may give a more precise message and the fields at fault.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string = errorCatalogue[code].message,
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status as ContentfulStatusCode;
  }
}

export const unauthorized = (message?: string) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** A single-field validation failure, answered like schema validation failures. */
export const invalidField = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

function zodIssues(error: ZodError, prefix?: string): ValidationIssue[] {
  return error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
}

export function validationError(error: ZodError, target: string): AppError {
  const issues = zodIssues(error, target);
  const first = issues[0];
  const message = first ? `Invalid ${first.path || target}: ${first.message}` : 'Invalid request.';
  return new AppError('VALIDATION_FAILED', message, issues);
}

/**
 * PostgreSQL's answers to text it cannot store: 22021 invalid byte sequence (a NUL byte in a
 * text), 22P05 untranslatable character (\u0000 in JSON). Schemas refuse such input first;
 * this is the safety net so it is still the caller's 400, never a 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, looking through wrappers (Drizzle puts the driver's in `cause`). */
export function databaseErrorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether an error means the database cannot be reached or cannot answer right now, so the same
 * request may succeed in a moment: the one place that decides it (requests answer 503 with it).
 * - SQLSTATE class 08 (connection exception), class 53 (insufficient resources: disk full, out of
 *   memory, too many connections), 57P01/57P02/57P03 (terminated by an administrator or a restart,
 *   crash of another backend, still starting) and 57014 (canceled: the statement timeout);
 * - the operating system's refused, reset, unreachable or timed-out connections;
 * - the drivers' own: a connection that ended or timed out, a pool or PGlite already closed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e) || seen.size > 10) return false;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (/^(08|53)[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (UNAVAILABLE_SYSTEM_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // AggregateError: a connection refused on every address of the host.
    if (Array.isArray(errors) && errors.some(visit)) return true;
    return visit(cause);
  };
  return visit(err);
}

const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014']);
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres, pg-pool and PGlite messages for a connection that is gone or never came. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Query read timeout|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|PGlite is closed)/;

/** 503 for a request that needs the database while it cannot be reached; internals stay in the log. */
export const databaseUnavailable = (
  message = 'The database is not reachable right now. Please try again in a moment.',
) => new AppError('SERVICE_UNAVAILABLE', message);

/** Seconds a client should wait before trying again after a database 503. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * A transaction PostgreSQL ended because it collided with another at the same moment: 40P01
 * (deadlock detected: it aborts one of the two) and 40001 (serialization failure). The
 * transaction wrote nothing and the same request sent again will most likely go through, so it
 * answers 503 with Retry-After, as an outage does (the browser's forms let the person try again,
 * Stripe retries its webhook), not a hidden 500. Such a collision should be rare: the paths that
 * share rows take their locks in one order (decisions 042 and 044), and an account deleted while
 * its own payment is started or recorded, which can still meet another, is one transaction for
 * that reason (account-deletion.service.ts).
 */
const COLLIDED_SQLSTATES = new Set(['40P01', '40001']);
const COLLIDED_RETRY_AFTER_SECONDS = 1;
const COLLIDED_MESSAGE = 'This met another change made at the same moment. Please try again.';

function body(code: ErrorCode, message: string, issues?: ValidationIssue[]): ErrorBody {
  return issues ? { code, message, issues } : { code, message };
}

/** The one error handler: typed errors keep their status and code; anything else is a hidden 500. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  const log = c.get('logger');
  if (err instanceof AppError) {
    if (err.status === 503) log?.warn({ code: err.code, path: c.req.path }, err.message);
    else if (err.status >= 500) log?.error({ err, code: err.code }, err.message);
    return c.json(body(err.code, err.message, err.issues), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = codeForStatus(status);
    if (status >= 500) log?.error({ err }, 'HTTP exception');
    const message =
      status === 413
        ? 'The request body is too large.'
        : status === 415
          ? 'The request body must be JSON (Content-Type: application/json).'
          : status >= 500
            ? 'Something went wrong.'
            : err.message || 'Bad request.';
    return c.json(body(code, message), status as ContentfulStatusCode);
  }
  if (err instanceof SyntaxError) {
    return c.json(body('BAD_REQUEST', 'The request body is not valid JSON.'), 400);
  }
  const dbCode = databaseErrorCode(err);
  if (dbCode && UNSTORABLE_TEXT_CODES.has(dbCode)) {
    log?.warn({ code: dbCode, method: c.req.method, path: c.req.path }, 'Unstorable text refused');
    return c.json(
      body('BAD_REQUEST', 'The request contains characters that cannot be stored (e.g. NUL).'),
      400,
    );
  }
  // the same request may go through in a moment: 503 with Retry-After, logged as a warning
  const tryAgain = (seconds: number, message: string, logged: string) => {
    log?.warn({ err, method: c.req.method, path: c.req.path }, logged);
    c.header('Retry-After', String(seconds));
    return c.json(body('SERVICE_UNAVAILABLE', message), 503);
  };
  if (dbCode && COLLIDED_SQLSTATES.has(dbCode)) {
    return tryAgain(
      COLLIDED_RETRY_AFTER_SECONDS,
      COLLIDED_MESSAGE,
      'Transaction collided; try again',
    );
  }
  if (isDatabaseUnavailable(err)) {
    return tryAgain(
      DATABASE_RETRY_AFTER_SECONDS,
      databaseUnavailable().message,
      'Database unavailable',
    );
  }
  log?.error({ err, method: c.req.method, path: c.req.path }, 'Unhandled error');
  return c.json(body('INTERNAL_ERROR', 'Something went wrong. Please try again later.'), 500);
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return c.json(body('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`), 404);
}
