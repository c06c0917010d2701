import { errorCatalogue, isCatalogueAnswer, isErrorCode } from '@pet-haven/shared/errors';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './hono-env';

/**
 * What is wrong with an error answer of the API, or null when the catalogue allows it: the body
 * is `{ code, message, issues? }` with a code of the catalogue, answered with that code's status
 * (or the code is the general one of its status, as for a Hono HTTP exception).
 */
export function errorAnswerProblem(status: number, body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not a JSON error body';
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (!isErrorCode(code)) return `code ${JSON.stringify(code)} is not in the error catalogue`;
  if (typeof message !== 'string' || !message) return `${code} without a message`;
  const expected = errorCatalogue[code].status;
  if (!isCatalogueAnswer(status, code)) {
    return `${code} answered with ${status}, the catalogue says ${expected}`;
  }
  return null;
}

const MAX_KEPT = 100;
const violations: string[] = [];

/** The violations seen since the last call (NODE_ENV=test), forgotten once taken. */
export function takeErrorCatalogueViolations(): string[] {
  return violations.splice(0);
}

/** Throws when an app answered an error outside the catalogue since the last check (the tests' afterEach). */
export function assertNoErrorCatalogueViolations(): void {
  const seen = takeErrorCatalogueViolations();
  if (seen.length > 0) {
    throw new Error(`Error answers outside the error catalogue:\n${seen.join('\n')}`);
  }
}

/**
 * NODE_ENV=test only (app.ts): reads every error answered under /api and keeps (and logs) those
 * the catalogue does not allow, so the server's test suite fails on them
 * (test/helpers/error-catalogue-setup.ts).
 */
export const checkErrorAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  if (res.status < 400 || c.req.method === 'HEAD' || !/^\/api(\/|$)/.test(c.req.path)) return;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  const problem = errorAnswerProblem(res.status, body);
  if (!problem) return;
  const violation = `${c.req.method} ${c.req.path} -> ${res.status}: ${problem}`;
  c.get('logger')?.error({ status: res.status, body }, `Error catalogue violation: ${problem}`);
  if (violations.length < MAX_KEPT) violations.push(violation);
};
