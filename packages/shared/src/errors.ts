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
