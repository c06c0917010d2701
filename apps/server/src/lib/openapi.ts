import { createRoute, OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import type { Hook } from '@hono/zod-openapi';
import { errorBodySchema } from '@pet-haven/shared/errors';
import type { MiddlewareHandler } from 'hono';
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

/** A JSON request body; `{ required: false }`: no body at all is validated as `{}`. */
export const jsonBody = <T extends z.ZodType>(schema: T, { required = true } = {}) => ({
  content: { 'application/json': { schema } },
  required,
});

const errorAnswer = (description: string) => jsonContent(errorBodySchema, description);

/**
 * Every error status a route may declare, with what it means when the route says no more. A
 * route names the ones it can answer in `errors` (`declareRoutes` below).
 */
export const errorAnswers = {
  400: errorAnswer('Invalid input: `issues` names the fields'),
  401: errorAnswer('Not signed in, or the token is missing, expired or forged'),
  402: errorAnswer('The payment has not succeeded'),
  403: errorAnswer('Signed in but not allowed'),
  404: errorAnswer('Not found'),
  409: errorAnswer('Conflicts with the current state'),
  413: errorAnswer('The body is too large'),
  415: errorAnswer('The body is not of a type this route takes'),
  429: errorAnswer('Too many requests; try again later'),
  503: errorAnswer('Cannot answer now; try again later'),
} as const;

type ErrorStatus = keyof typeof errorAnswers;

/**
 * An error a route declares: its status (the meaning of `errorAnswers`), or the status with what
 * it means on this route, and rarely a body of its own (a card decline's `code`).
 */
type DeclaredError =
  ErrorStatus | readonly [ErrorStatus, string] | readonly [ErrorStatus, string, z.ZodType];

type StatusOf<D> = D extends readonly [infer S, ...unknown[]] ? S : D;
type ErrorAnswerOf<D> = D extends readonly [ErrorStatus, string, infer Body extends z.ZodType]
  ? { content: { 'application/json': { schema: Body } }; description: string }
  : (typeof errorAnswers)[StatusOf<D> & ErrorStatus];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Answer = RouteConfig['responses'][string];
type Request = NonNullable<RouteConfig['request']>;

interface RouteSpec<Req, S extends number, Ok, E> {
  summary: string;
  description?: string;
  /**
   * Who may call (`signedIn`, `allowedBy(policy)`), checked before the input is validated; a
   * guarded route asks for the bearer token in OpenAPI.
   */
  guard?: MiddlewareHandler<AppEnv>;
  /** Further middleware, after the guard (the images upload: content type, body size). */
  middleware?: MiddlewareHandler<AppEnv>[];
  request?: Req;
  /** The success status and its answer (`jsonContent(...)`, `pageResponse(...)`). */
  ok: readonly [S, Ok];
  /** Every error status the route can answer: `[400, 401, [403, 'Your own pet'], 404]`. */
  errors: E;
}

/** What `router.openapi()` reads of a route: types as precise as a hand-written `createRoute`. */
type Route<
  M extends Method,
  P extends string,
  Req,
  S extends number,
  Ok,
  E extends readonly DeclaredError[],
> = Omit<RouteConfig, 'method' | 'path' | 'request' | 'responses'> & {
  method: M;
  path: P;
  request: Req;
  middleware?: MiddlewareHandler<AppEnv>[];
  responses: { [K in S]: Ok } & { [D in E[number] as StatusOf<D>]: ErrorAnswerOf<D> };
  getRoutingPath(): string;
};

const bearerSecurity = [{ bearerAuth: [] }];

/** The createRoute config of one declaration (its types are given by `declareRoutes`). */
function createRouteOf(
  method: Method,
  path: string,
  tag: string,
  spec: RouteSpec<Request, number, Answer, readonly DeclaredError[]>,
) {
  const { guard, middleware = [], ok, errors, ...described } = spec;
  const chain = guard ? [guard, ...middleware] : middleware;
  const responses: Record<number, Answer> = { [ok[0]]: ok[1] };
  for (const declared of errors) {
    if (typeof declared === 'number') responses[declared] = errorAnswers[declared];
    else responses[declared[0]] = jsonContent(declared[2] ?? errorBodySchema, declared[1]);
  }
  return createRoute({
    method,
    path,
    tags: [tag],
    ...described,
    ...(guard && { security: bearerSecurity }),
    ...(chain.length > 0 && { middleware: chain }),
    responses,
  });
}

/**
 * The routes of one routes file, under one OpenAPI tag: `route.post('/add-pet', { summary,
 * guard, request, ok, errors })` declares POST /api/add-pet for `router.openapi(addRoute,
 * handler)`. The handler gets the validated input (`c.req.valid('param' | 'query' | 'json' |
 * 'form')`) and answers `c.json(body, status)`, both typed from the declaration. A refusal is
 * thrown (AppError) and answered by the one error handler, so `errors` only tells the OpenAPI
 * document which statuses can come. Copy a route of modules/pets/pets.routes.ts.
 */
export function declareRoutes(tag: string) {
  const verb =
    <M extends Method>(method: M) =>
    <
      P extends string,
      S extends 200 | 201,
      Ok extends Answer,
      const E extends readonly DeclaredError[],
      Req extends Request = Record<never, never>,
    >(
      path: P,
      spec: RouteSpec<Req, S, Ok, E>,
    ) =>
      createRouteOf(method, path, tag, spec) as unknown as Route<M, P, Req, S, Ok, E>;
  return {
    get: verb('get'),
    post: verb('post'),
    put: verb('put'),
    patch: verb('patch'),
    delete: verb('delete'),
  };
}
