import { errorBodySchema } from '@pet-haven/shared/errors';
import type { ZodType } from 'zod';
import type { App } from '../../src/app';

interface DeclaredRoute {
  method: string;
  pattern: RegExp;
  path: string;
  /** JSON schema of each declared status; null for a status declared without a JSON body. */
  responses: Map<number, ZodType | null>;
}

interface RouteConfigLike {
  method: string;
  path: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`);

/**
 * Every JSON answer of the API checked against the schema its route publishes in OpenAPI (the
 * zod schema from packages/shared): a field renamed or retyped in a presenter fails the test that
 * received it. Errors a route does not declare are checked against the error body schema (its
 * `code` one of the catalogue's). Paths outside the registry (Better Auth's /api/auth/*, the web
 * app, unknown routes) are not checked here.
 */
export function answerChecker(app: App) {
  const routes: DeclaredRoute[] = app.openAPIRegistry.definitions.flatMap((def) => {
    if (def.type !== 'route') return [];
    const route = def.route as unknown as RouteConfigLike;
    const responses = new Map<number, ZodType | null>();
    for (const [status, response] of Object.entries(route.responses ?? {})) {
      const schema = response.content?.['application/json']?.schema;
      responses.set(Number(status), (schema as ZodType | undefined) ?? null);
    }
    return [
      {
        method: route.method.toUpperCase(),
        path: route.path,
        pattern: patternOf(route.path),
        responses,
      },
    ];
  });

  return function checkAnswer(
    method: string,
    url: string,
    status: number,
    contentType: string | null,
    body: unknown,
  ) {
    const pathname = new URL(url).pathname;
    const route = routes.find((r) => r.method === method && r.pattern.test(pathname));
    if (!route || !contentType?.includes('application/json')) return;
    const declared = route.responses.get(status);
    const schema = declared ?? (status >= 400 ? errorBodySchema : undefined);
    const where = `${method} ${pathname} answered ${status}`;
    if (!schema) {
      if (route.responses.has(status)) return; // declared without a JSON body
      throw new Error(`${where}, a status its OpenAPI route (${route.path}) does not declare`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
        .join('; ');
      throw new Error(`${where} with a body its published schema refuses: ${issues}`);
    }
  };
}
