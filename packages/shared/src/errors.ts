import { z } from 'zod';

/** Stable machine-readable error codes answered by the API in `{ code, message, issues? }`. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYMENT_DECLINED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Better Auth's own codes that /api/auth/* answers as they are (the web reads the first three).
 * Any other Better Auth error is answered with the code of `errorCodes` for its status
 * (BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, ...), its message kept (hidden for 5xx).
 */
export const authErrorCodes = [
  /** 401 sign-in: wrong e-mail or password (the same answer for both). */
  'INVALID_EMAIL_OR_PASSWORD',
  /** 422 sign-up: the e-mail is registered already. */
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  /** 404 social sign-in: that provider is not configured. */
  'PROVIDER_NOT_FOUND',
  /** 400 change-password (and delete-user): the current password is wrong. */
  'INVALID_PASSWORD',
  /** 400 reset-password: the reset token is unknown, used or expired. */
  'INVALID_TOKEN',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

export const validationIssueSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. "body.petName"'),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(validationIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
