import { z } from 'zod';

/**
 * Where a code comes from:
 * - `general`: any route; one per status, also given to errors that bring no code of ours
 *   (a Hono HTTP exception, a Better Auth error without a code we keep);
 * - `payment`: the payments module's refusals;
 * - `decline`: a card declined by the test payment provider (Stripe's decline codes, lower case);
 * - `auth`: Better Auth's own codes that /api/auth/* answers as they are;
 * - `account`: refusals that depend on the state of the caller's account.
 */
type ErrorKind = 'general' | 'payment' | 'decline' | 'auth' | 'account';

interface CatalogueEntry {
  /** The HTTP status every answer with this code has. */
  status: number;
  /** The message when the thrower gives none (a thrower may say more: what remains, which field). */
  message: string;
  kind: ErrorKind;
}

/**
 * Every code the API can answer in `{ code, message, issues? }`, with its status and default
 * message: the one list (decision 008). The server's AppError takes only these codes and its
 * status from here; the web's ApiError is typed with them; the server's tests fail on an answer
 * whose code is not here or whose status is not the code's (test/error-catalogue.test.ts).
 */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'Bad request.', kind: 'general' },
  /** Schema validation and single-field refusals; `issues` names the fields (`json.petName`). */
  VALIDATION_FAILED: { status: 400, message: 'Invalid request.', kind: 'general' },
  UNAUTHORIZED: { status: 401, message: 'Sign in to continue.', kind: 'general' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.', kind: 'general' },
  NOT_FOUND: { status: 404, message: 'Not found.', kind: 'general' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state.', kind: 'general' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.', kind: 'general' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'The request body must be JSON (Content-Type: application/json).',
    kind: 'general',
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many attempts. Please wait a minute and try again.',
    kind: 'general',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Something went wrong. Please try again later.',
    kind: 'general',
  },
  /** The database or the payment provider cannot be reached now; answered with Retry-After. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is not reachable right now. Please try again in a moment.',
    kind: 'general',
  },

  // Payments (docs/decisions/011-payments-and-reservations.md)
  CAMPAIGN_PAUSED: {
    status: 409,
    message: 'This campaign is paused and does not accept donations.',
    kind: 'payment',
  },
  CAMPAIGN_ENDED: {
    status: 409,
    message: 'This campaign ended and does not accept donations any more.',
    kind: 'payment',
  },
  CAMPAIGN_ARCHIVED: {
    status: 409,
    message: 'This campaign was removed and does not accept donations any more.',
    kind: 'payment',
  },
  CAMPAIGN_FULL: {
    status: 409,
    message: 'This campaign has reached its maximum donation amount.',
    kind: 'payment',
  },
  TOO_MANY_OPEN_PAYMENTS: {
    status: 429,
    message: 'You already have too many payments under way. Finish one of them first.',
    kind: 'payment',
  },
  PAYMENT_NOT_COMPLETED: {
    status: 402,
    message: 'The payment has not succeeded, so no donation was recorded.',
    kind: 'payment',
  },
  PAYMENT_MISMATCH: {
    status: 409,
    message: 'This payment does not match the donation.',
    kind: 'payment',
  },
  PAYMENT_REFUNDED: {
    status: 409,
    message: 'This payment was refunded, so no donation was recorded.',
    kind: 'payment',
  },
  PAYMENT_CANCELED: {
    status: 409,
    message: 'This payment was canceled. Please start again.',
    kind: 'payment',
  },
  PAYMENT_EXPIRED: {
    status: 409,
    message: 'This payment has expired. Please start again.',
    kind: 'payment',
  },
  /** POST /api/stripe/webhook. */
  BAD_SIGNATURE: {
    status: 400,
    message: 'The webhook signature is missing or not valid.',
    kind: 'payment',
  },

  // Card declines of the test provider's confirm: Stripe's decline codes and messages
  card_declined: { status: 402, message: 'Your card was declined.', kind: 'decline' },
  insufficient_funds: {
    status: 402,
    message: 'Your card has insufficient funds.',
    kind: 'decline',
  },
  incorrect_number: { status: 402, message: 'Your card number is incorrect.', kind: 'decline' },
  invalid_number: { status: 402, message: 'Your card number is invalid.', kind: 'decline' },
  invalid_expiry_month: {
    status: 402,
    message: "Your card's expiration month is invalid.",
    kind: 'decline',
  },
  invalid_expiry_year: {
    status: 402,
    message: "Your card's expiration year is invalid.",
    kind: 'decline',
  },
  expired_card: { status: 402, message: 'Your card has expired.', kind: 'decline' },
  invalid_cvc: { status: 402, message: "Your card's security code is invalid.", kind: 'decline' },
  incorrect_cvc: {
    status: 402,
    message: "Your card's security code is incorrect.",
    kind: 'decline',
  },
  processing_error: {
    status: 402,
    message: 'An error occurred while processing your card.',
    kind: 'decline',
  },

  // Better Auth's own codes that /api/auth/* answers as they are (its messages); any other
  // Better Auth error gets the general code of its status (app.ts normalizeAuthResponse)
  /** Sign-in: wrong e-mail or password (the same answer for both). */
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: 'Invalid email or password', kind: 'auth' },
  /** Sign-up: the e-mail is registered already (the web shows the spec's 'User already exists in the database.'). */
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 422,
    message: 'User already exists. Use another email.',
    kind: 'auth',
  },
  /** Social sign-in: that provider is not configured. */
  PROVIDER_NOT_FOUND: { status: 404, message: 'Provider not found', kind: 'auth' },
  /** Change-password (and delete-user): the current password is wrong. */
  INVALID_PASSWORD: { status: 400, message: 'Invalid password', kind: 'auth' },
  /** Reset-password: the reset token is unknown, used or expired. */
  INVALID_TOKEN: { status: 400, message: 'Invalid token', kind: 'auth' },
  /** Verification e-mail asked for an address that is verified already. */
  EMAIL_ALREADY_VERIFIED: { status: 400, message: 'Email is already verified', kind: 'auth' },

  // Accounts
  /** Listing a pet, creating a campaign, asking to adopt: the account's e-mail must be verified. */
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
    kind: 'account',
  },
} as const satisfies Record<string, CatalogueEntry>;

type Catalogue = typeof errorCatalogue;
export type ErrorCode = keyof Catalogue;
type CodeOfKind<K extends ErrorKind> = {
  [C in ErrorCode]: Catalogue[C]['kind'] extends K ? C : never;
}[ErrorCode];
/** A card decline code (402), answered by the test provider's confirm. */
export type DeclineCode = CodeOfKind<'decline'>;

export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];
export const declineCodes = errorCodes.filter(
  (code): code is DeclineCode => errorCatalogue[code].kind === 'decline',
);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

const generalByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The general code of an error status, for an error that brings no code of ours. */
export function codeForStatus(status: number): ErrorCode {
  return generalByStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

/** Whether the API may answer `code` with `status`: its catalogue status, or the general code of the status. */
export function isCatalogueAnswer(status: number, code: unknown): code is ErrorCode {
  return (
    isErrorCode(code) && (errorCatalogue[code].status === status || codeForStatus(status) === code)
  );
}

export const validationIssueSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. "body.petName"'),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorBodySchema = z.object({
  code: z
    .enum(errorCodes)
    .describe('A code of the error catalogue (packages/shared/src/errors.ts)'),
  message: z.string(),
  issues: z.array(validationIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
