import { LINK_HEADER, TOTAL_COUNT_HEADER, type PagingQuery } from '@pet-haven/shared/pagination';
import type { OpenAPIHono, RouteConfig, RouteHandler, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, AuthUser } from './hono-env';

/**
 * THE paging mechanism of every list, server side (decision 020). A route validates the query
 * with the shared `pagingQuerySchema`, the service hands `pageOf(query)` to the repository, the
 * repository answers a `Page` (`pageFrom` in db/paging.ts) and the route, declared in OpenAPI
 * with `pageResponse`, is served by `servePage(router, route, load, present)`. Moving a list
 * to keyset cursors (or to totals that are kept rather than counted) changes these helpers, not
 * the routes or the web, which follows the `Link` header.
 */

/** A page as repositories take it: how many rows, after how many. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** One page as a repository answers it: its rows and how many match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** `page` (from 1) and `limit` of a validated list query, as LIMIT/OFFSET. */
export const pageOf = (query: PagingQuery): PageWindow => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});

const pageHeaders = {
  [TOTAL_COUNT_HEADER]: {
    schema: { type: 'integer' as const },
    description: 'How many items match in all',
  },
  [LINK_HEADER]: {
    schema: { type: 'string' as const },
    description: '`</api/...?page=n+1&limit=...>; rel="next"` while there is a next page',
  },
};

/** OpenAPI: a 200 answer that is one page of `item`, with the paging headers. */
export const pageResponse = <T extends z.ZodType>(list: T, description: string) => ({
  content: { 'application/json': { schema: list } },
  description: `${description}: one page, the total in X-Total-Count, the next page in Link`,
  headers: pageHeaders,
});

/** The same path and filters, one page further. */
function nextPageUrl(requestUrl: string, query: PagingQuery): string {
  const url = new URL(requestUrl);
  url.searchParams.set('page', String(query.page + 1));
  url.searchParams.set('limit', String(query.limit));
  return url.pathname + url.search;
}

/**
 * A list route's 200: the page's rows shaped by the presenter, with its headers (`X-Total-Count`,
 * and `Link` rel="next" unless it is the last page).
 */
function pageAnswer<R, A>(c: Context, query: PagingQuery, page: Page<R>, present: (row: R) => A) {
  c.header(TOTAL_COUNT_HEADER, String(page.total));
  const seen = pageOf(query).offset + page.rows.length;
  if (page.rows.length > 0 && seen < page.total) {
    c.header(LINK_HEADER, `<${nextPageUrl(c.req.url, query)}>; rel="next"`);
  }
  return c.json(page.rows.map(present), 200);
}

/** A route declared with a paging query and a `pageResponse` of a JSON array. */
type ListRoute = RouteConfig & {
  request: { query: z.ZodType<PagingQuery> };
  responses: { 200: { content: { 'application/json': { schema: z.ZodType<unknown[]> } } } };
};
type QueryOf<R extends ListRoute> = z.output<R['request']['query']>;
type ItemOf<R extends ListRoute> = z.output<
  R['responses'][200]['content']['application/json']['schema']
>[number];
/** The handler's context of `route`: its validated input typed as `router.openapi` types it. */
type ContextOf<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/**
 * Serves a list route (declared with `pageResponse`): `load` answers the page of the validated
 * query (it takes the caller, `requireUser(c)`, and any path parameter from `c`) and `present`
 * shapes each row for the caller (null when anonymous), as the route's schema says. The answer
 * is the JSON array with X-Total-Count and Link. Copy the lists of modules/pets/pets.routes.ts.
 */
export function servePage<R extends ListRoute, Row>(
  router: OpenAPIHono<AppEnv>,
  route: R,
  load: (query: QueryOf<R>, c: ContextOf<R>) => Promise<Page<Row>>,
  present: (row: Row, viewer: AuthUser | null) => ItemOf<R>,
): void {
  // The same context, typed as `router.openapi` types it for `route` when `load` reads it.
  const handler = async (c: Context<AppEnv, string, { out: { query: QueryOf<R> } }>) => {
    const query = c.req.valid('query');
    const page = await load(query, c as unknown as ContextOf<R>);
    const viewer = c.get('user');
    return pageAnswer(c, query, page, (row) => present(row, viewer));
  };
  // The answer's type is checked above (`ItemOf`), which hono cannot see through the generic.
  router.openapi(route, handler as never);
}
