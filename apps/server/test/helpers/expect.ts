import { errorBodySchema, type ErrorBody } from '@pet-haven/shared/errors';
import { expect } from 'vitest';
import type { TestResponse } from './test-app';

/**
 * An error answer: `status`, a body of the shared `{ code, message, issues? }` shape and, when
 * given, `code`; `label` names the case in a failure. Answers the parsed body for what a test
 * checks further (message, issues).
 */
export function expectError(
  res: TestResponse,
  status: number,
  code?: string,
  label?: string,
): ErrorBody {
  expect(res.status, label ?? res.text).toBe(status);
  const body = errorBodySchema.parse(res.body);
  if (code !== undefined) expect(body.code, label ?? res.text).toBe(code);
  return body;
}

/** A 400 VALIDATION_FAILED answer; answers the paths of its issues, in order ("json.petName"...). */
export function expectInvalid(res: TestResponse, label?: string): string[] {
  const { issues } = expectError(res, 400, 'VALIDATION_FAILED', label);
  return (issues ?? []).map((issue) => issue.path);
}
