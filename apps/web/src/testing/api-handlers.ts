import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import type { DeclineCode, ErrorBody, ErrorCode, ValidationIssue } from '@pet-haven/shared/errors';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@pet-haven/shared/headers';
import type { PagingQuery } from '@pet-haven/shared/pagination';
import { apiRoutes, type ApiRoute, type RouteSpec } from './api-routes';

/**
 * MSW handlers for the web tests, typed from the shared schemas (api-routes.ts):
 *
 *   renderRoute('/petlist', { handlers: [answer('GET /api/pets', ({ query }) => page(pets, 25))] });
 *   server.use(answer('PATCH /api/pets/:id', ({ params, body }) => ({ ...pet, ...body })));
 *
 * The resolver gets the request (params, query, headers, the JSON body typed by the route) and
 * returns the answer's JSON, typed by the route and checked with its schema before it is sent;
 * `page(items, total)` for one page of a longer list (a bare array is the whole list); or any
 * Response, sent as it is (errors with
 * `apiError`, a network failure with `networkError()`, and answers that break the contract on
 * purpose). Every request a handler made with `answer` sees is recorded in `requests`, so a test
 * can check what the app sent. A fake answer that does not parse, a request body the server would
 * refuse and a request no handler answers fail the test (vitest.setup.ts). A paged route checks
 * the query with the list's shared schema and answers X-Total-Count and `Link: <...>; rel="next"`
 * like the server (the next page is the same path and filters with page + 1).
 */

type Spec<R extends ApiRoute> = (typeof apiRoutes)[R];
/** The JSON a route answers on success. */
export type AnswerOf<R extends ApiRoute> = z.input<Spec<R>['answer']>;
/** The JSON body the app sends to a route (unknown when the route has no body schema). */
export type BodyOf<R extends ApiRoute> =
  Spec<R> extends { body: infer B extends z.ZodType } ? z.input<B> : unknown;
type PathOf<R extends string> = R extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type ParamsOf<R extends ApiRoute> = Record<ParamNames<PathOf<R>>, string>;

/** A request the app made, as a handler saw it. */
export interface RecordedRequest {
  /** "GET /api/pets" (method and path, without the query). */
  key: string;
  method: string;
  url: URL;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The raw body ('' when none); `json()` parses it. */
  text: string;
  json: <T = unknown>() => T;
  /** The parts of a multipart body (uploads), else null. */
  form: FormData | null;
}

/** What a resolver of `answer(route, ...)` receives. */
export interface ApiCall<R extends ApiRoute> extends Omit<RecordedRequest, 'params'> {
  request: Request;
  params: ParamsOf<R>;
  /** The JSON body, checked with the route's body schema. */
  body: BodyOf<R>;
  /** A paged route's `page` and `limit`, with the server's defaults (see `pageFrom`). */
  paging: PagingOf<R>;
}

type PagingOf<R extends ApiRoute> = Spec<R> extends { paged: z.ZodType } ? PagingQuery : undefined;

const pageMark = Symbol('page');
export interface Page<T> {
  [pageMark]: true;
  items: T[];
  total: number;
}
type PageOf<A> = A extends readonly (infer I)[] ? Page<I> : never;

/** One page of a list answer: its items, and how many the list has in all (X-Total-Count). */
export function page<T>(items: T[], total = items.length): Page<T> {
  return { [pageMark]: true, items, total };
}

/** The page of the whole list `all` that the request asks for: `({ paging }) => pageFrom(all, paging)`. */
export function pageFrom<T>(all: T[], { page: n, limit }: PagingQuery): Page<T> {
  return page(all.slice((n - 1) * limit, n * limit), all.length);
}

const isPage = (v: unknown): v is Page<unknown> =>
  typeof v === 'object' && v !== null && pageMark in v;

export type Answer<R extends ApiRoute> = AnswerOf<R> | PageOf<AnswerOf<R>> | Response;
export type Resolver<R extends ApiRoute> = (call: ApiCall<R>) => Answer<R> | Promise<Answer<R>>;

/** Every request answered by an `answer` handler in this test, in order. Cleared after each test. */
export const requests: RecordedRequest[] = [];

/** The JSON body of the last request sent with `method` (PATCH, POST...), or undefined. */
export const lastBodySent = (sent: readonly RecordedRequest[], method: string): unknown =>
  sent
    .filter((q) => q.method === method)
    .at(-1)
    ?.json();
const problems: string[] = [];

/** Records a broken contract or an unexpected request; vitest.setup.ts fails the test with it. */
export function reportProblem(problem: string) {
  problems.push(problem);
}

/** The problems of the test that just ended (and forgets them and the recorded requests). */
export function takeProblems(): string[] {
  requests.length = 0;
  return problems.splice(0);
}

async function recordRequest(
  request: Request,
  params: Record<string, string | readonly string[] | undefined>,
): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
  const form = multipart ? await request.clone().formData() : null;
  const text = await request.clone().text();
  const recorded: RecordedRequest = {
    key: `${request.method} ${url.pathname}`,
    method: request.method,
    url,
    path: url.pathname,
    params: Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : String(v)]),
    ),
    query: url.searchParams,
    headers: request.headers,
    text,
    json: <T>() => (text && !multipart ? JSON.parse(text) : null) as T,
    form,
  };
  requests.push(recorded);
  return recorded;
}

const methods = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/** The MSW handler of one API route (see the top of this file). */
export function answer<R extends ApiRoute>(route: R, resolve: Resolver<R>): HttpHandler {
  const spec: RouteSpec = apiRoutes[route];
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as keyof typeof methods;
  const path = route.slice(space + 1);
  return methods[method](path, async ({ request, params }) => {
    const recorded = await recordRequest(request, params);
    const body: unknown = recorded.json();
    if (spec.body && recorded.text) {
      const sent = spec.body.safeParse(body);
      if (!sent.success) {
        const why = z.prettifyError(sent.error);
        reportProblem(`${route}: the app sent a body the server would refuse:\n${why}`);
        return apiError(400, 'VALIDATION_FAILED', why);
      }
    }
    let paging: PagingQuery | undefined;
    if (spec.paged) {
      const asked = spec.paged.safeParse(Object.fromEntries(recorded.query));
      if (!asked.success) {
        const why = z.prettifyError(asked.error);
        reportProblem(`${route}: the app sent a query the server would refuse:\n${why}`);
        return apiError(400, 'VALIDATION_FAILED', why);
      }
      paging = asked.data;
    }
    const result = await resolve({
      ...recorded,
      request,
      params: recorded.params as ParamsOf<R>,
      body: body as BodyOf<R>,
      paging: paging as PagingOf<R>,
    });
    if (result instanceof Response) return result;
    const json = isPage(result) ? result.items : result;
    const checked = spec.answer.safeParse(json);
    if (!checked.success) {
      reportProblem(
        `${route}: the test's fake answer does not match the shared schema:\n${z.prettifyError(checked.error)}`,
      );
      return apiError(500, 'INTERNAL_ERROR', 'The fake answer broke the contract');
    }
    const headers =
      paging && Array.isArray(json)
        ? pageHeaders(
            recorded.url,
            paging,
            json.length,
            isPage(result) ? result.total : json.length,
          )
        : {};
    return HttpResponse.json(json as never, { status: spec.status ?? 200, headers });
  });
}

/**
 * The headers of a page, as the server's `pageAnswer` sends them: the total, and the same path
 * and filters one page further while this page has items and more follow.
 */
function pageHeaders(url: URL, paging: PagingQuery, count: number, total: number) {
  const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(total) };
  if (count > 0 && (paging.page - 1) * paging.limit + count < total) {
    const next = new URL(url);
    next.searchParams.set('page', String(paging.page + 1));
    next.searchParams.set('limit', String(paging.limit));
    headers[LINK_HEADER] = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return headers;
}

/** An error answer of our API, in the one error shape `{ code, message, issues? }`. */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string = code,
  issues?: ValidationIssue[],
) {
  const body: ErrorBody = issues ? { code, message, issues } : { code, message };
  return HttpResponse.json(body, { status });
}

/** An error answer of Better Auth (/api/auth/*): a code of the catalogue (its own are kind 'auth'). */
export function authError(status: number, code: ErrorCode, message: string = code) {
  return HttpResponse.json({ code, message }, { status });
}

/** A card declined by the test payment provider: 402 with the decline code. */
export function declined(code: DeclineCode, message: string) {
  return HttpResponse.json({ code, message }, { status: 402 });
}

/** The network failed: fetch rejects (and an XMLHttpRequest fires `error`). */
export function networkError() {
  return HttpResponse.error();
}
