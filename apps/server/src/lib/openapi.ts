import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Hook } from '@hono/zod-openapi';
import { errorBodySchema } from '@pet-haven/shared/errors';
import { validationError } from './errors';
import type { AppEnv } from './hono-env';

/** Every validation failure becomes our 400 `{ code, message, issues }`. */
const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    throw validationError(result.error as unknown as z.ZodError, result.target);
  }
};

/** A router whose request validation answers through the one error pipeline. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook });
}

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

const errorResponse = (description: string) => jsonContent(errorBodySchema, description);

/** The error answers most routes can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorResponse('Invalid input: `issues` names the fields'),
  401: errorResponse('Not signed in, or the token is missing, expired or forged'),
  403: errorResponse('Signed in but not allowed'),
  404: errorResponse('Not found'),
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];
