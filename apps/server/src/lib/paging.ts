import {
  cursorParam,
  LINK_HEADER,
  SEARCH_COUNT_CAP,
  TOTAL_COUNT_HEADER,
  TOTAL_EXCEEDS_HEADER,
  type Cursor,
  type PagingQuery,
} from '@pet-haven/shared/pagination';
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

/**
 * A page as repositories take it: how many rows, after how many; for a list in keyset order
 * (`keysetPageOf`), after which row, and the repository answers where the next page starts.
 */
export interface PageWindow {
  limit: number;
  offset: number;
  keyset?: { after: Cursor | undefined };
}

/**
 * One page as a repository answers it: its rows, how many match in all (unless the list does not
 * promise a total, decision 028) and, in keyset order, where the next page starts (null on the
 * last page; a page by offset has none and its next page follows from the total).
 */
export interface Page<T> {
  rows: T[];
  total?: number;
  /** `total` is a lower bound: more than `total` match (a count that stops at a cap, decision 041). */
  totalExceeded?: boolean;
  next?: Cursor | null;
  /** A page by offset whose total may not be exact: whether rows follow it. */
  more?: boolean;
}

/** `page` (from 1) and `limit` of a validated list query, as LIMIT/OFFSET. */
export const pageOf = (query: PagingQuery): PageWindow => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});

/**
 * The window of a list that pages in keyset order (its query schema is `keysetPagingQuerySchema`):
 * from the cursor of a next link, or from a page number asked for directly; the answer's next link
 * carries a cursor either way, so walking the list never costs an offset (decision 028).
 */
export const keysetPageOf = (query: PagingQuery): PageWindow => ({
  limit: query.limit,
  offset: query.after ? 0 : (query.page - 1) * query.limit,
  keyset: { after: query.after },
});

const totalHeader = {
  [TOTAL_COUNT_HEADER]: {
    schema: { type: 'integer' as const },
    description: 'How many items match in all',
  },
};
const cappedTotalHeaders = {
  [TOTAL_COUNT_HEADER]: {
    schema: { type: 'integer' as const },
    description: `How many items match in all, when at most ${SEARCH_COUNT_CAP}`,
  },
  [TOTAL_EXCEEDS_HEADER]: {
    schema: { type: 'integer' as const },
    description: `In place of ${TOTAL_COUNT_HEADER} when more than ${SEARCH_COUNT_CAP} items match: more than this many match (searches by name, facts or distance count only so far)`,
  },
};
const linkHeader = {
  [LINK_HEADER]: {
    schema: { type: 'string' as const },
    description:
      '`</api/...?page=n+1&limit=...>; rel="next"` (lists in keyset order: `after=<cursor>` instead of `page`) while there is a next page',
  },
};

/**
 * OpenAPI: a 200 answer that is one page of `item`, with the paging headers; `total: false` for a
 * list that promises no total (decision 028), `'capped'` for one whose searches count their
 * matches only up to SEARCH_COUNT_CAP (decision 041).
 */
export const pageResponse = <T extends z.ZodType>(
  list: T,
  description: string,
  { total = true }: { total?: boolean | 'capped' } = {},
) => ({
  content: { 'application/json': { schema: list } },
  description:
    total === 'capped'
      ? `${description}: one page, the total in X-Total-Count (or past ${SEARCH_COUNT_CAP}, a lower bound in ${TOTAL_EXCEEDS_HEADER}), the next page in Link`
      : total
        ? `${description}: one page, the total in X-Total-Count, the next page in Link`
        : `${description}: one page, the next page in Link (no total)`,
  headers:
    total === 'capped'
      ? { ...cappedTotalHeaders, ...linkHeader }
      : total
        ? { ...totalHeader, ...linkHeader }
        : linkHeader,
});

/**
 * The same path and filters, one page further: after the page's last row, or the next number. Only
 * the query string is parsed (a whole `URL` cost five times as much, on every page answered).
 */
function nextPageUrl(
  requestUrl: string,
  query: PagingQuery,
  next: Cursor | null | undefined,
): string {
  // an absolute URL (`c.req.url`): its path starts at the first '/' after "scheme://"; a
  // fragment (@hono/node-server passes one through as sent) is not read by the route: dropped
  const hash = requestUrl.indexOf('#');
  const url = hash < 0 ? requestUrl : requestUrl.slice(0, hash);
  const pathStart = url.indexOf('/', url.indexOf(':') + 3);
  const queryStart = url.indexOf('?', pathStart);
  const path = url.slice(pathStart, queryStart < 0 ? undefined : queryStart);
  const params = new URLSearchParams(queryStart < 0 ? '' : url.slice(queryStart + 1));
  if (next) {
    params.delete('page');
    params.set('after', cursorParam(next));
  } else {
    params.set('page', String(query.page + 1));
  }
  params.set('limit', String(query.limit));
  return `${path}?${params.toString()}`;
}

/** Whether `page` of `query` has a page after it. */
function hasNext(query: PagingQuery, page: Page<unknown>): boolean {
  if (page.next !== undefined) return page.next !== null;
  if (page.more !== undefined) return page.more;
  if (page.total === undefined) return false;
  return page.rows.length > 0 && pageOf(query).offset + page.rows.length < page.total;
}

/**
 * A list route's 200: the page's rows shaped by the presenter, with its headers (`X-Total-Count`
 * where the list promises a total, or X-Total-Count-Exceeds past a search's cap, and `Link`
 * rel="next" unless it is the last page).
 */
function pageAnswer<R, A>(c: Context, query: PagingQuery, page: Page<R>, present: (row: R) => A) {
  if (page.total !== undefined) {
    c.header(page.totalExceeded ? TOTAL_EXCEEDS_HEADER : TOTAL_COUNT_HEADER, String(page.total));
  }
  if (hasNext(query, page)) {
    c.header(LINK_HEADER, `<${nextPageUrl(c.req.url, query, page.next)}>; rel="next"`);
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
