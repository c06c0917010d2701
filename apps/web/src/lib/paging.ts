import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiPage, apiPath, type ApiPage, type QueryValue } from './api-client';

/**
 * THE way the web reads a paged list of the API (decision 020). Every list endpoint answers one
 * page: the JSON array, `X-Total-Count` and, unless it is the last page, `Link: <...>; rel="next"`
 * (`apiPage` reads them). An endpoint file (`features/<name>/api/get-*.ts`) describes its list
 * once as a `PagedList` and exports one of the two hooks built from it:
 *
 * - `useNumberedPages` for a table with Previous / Next and "Page x of y" (`<Pagination>`):
 *   one page at a time, by `page` and `limit`, the count of pages from the total;
 * - `useInfiniteList` for a list that grows as the user scrolls or asks for more: it follows each
 *   page's `next` link and never works out a page number itself, so the server may change how it
 *   pages (keyset cursors) without the web.
 */
export interface PagedList {
  /** The list's key, from its resource's root in lib/query-keys.ts (`[...queryRoots.pets, 'mine']`). */
  key: QueryKey;
  /** The resource path, as `api` takes it (`/user/pets`). */
  path: string;
  /** The list's filters; each page's key holds them too. */
  query?: Record<string, QueryValue>;
  /** Items per page: the list's page size from packages/shared. */
  limit: number;
}

/** The page to show: the one asked for, or the last page there is when the list has shrunk below it. */
function clampPage(page: number, total: number | undefined, limit: number): number {
  if (total === undefined) return page;
  return Math.max(1, Math.min(page, Math.ceil(total / limit)));
}

const pageQueryOptions = <T>(list: PagedList, page: number) => {
  const query = { ...list.query, page, limit: list.limit };
  return queryOptions({
    queryKey: [...list.key, query],
    queryFn: ({ signal }) => apiPage<T>(list.path, { query, signal }),
    // the page shown stays while the next one loads
    placeholderData: keepPreviousData,
  });
};

export interface NumberedPages<T> {
  /** The query of the page shown: `data` is `{ items, total, next }`. */
  query: UseQueryResult<ApiPage<T>>;
  /** The page shown (from 1), how many there are and how to move: `<Pagination {...pager} />`. */
  pager: { page: number; pageCount: number; onPageChange: (page: number) => void };
  /** The number of the first row of the page shown (rows count on across pages). */
  firstRow: number;
  /** Stepping back from a page that emptied: the empty page stands in, show the skeleton. */
  stepping: boolean;
}

/**
 * One numbered page of a list at a time. When the list shrinks below the page shown (its last
 * item was deleted), the last page there is is shown instead.
 */
export function useNumberedPages<T>(
  list: PagedList,
  options: { staleTime?: number } = {},
): NumberedPages<T> {
  const [requestedPage, setPage] = useState(1);
  // the page asked for tells the total; past the last page the last one is shown
  const requested = useQuery({ ...pageQueryOptions<T>(list, requestedPage), ...options });
  const page = clampPage(requestedPage, requested.data?.total, list.limit);
  const query = useQuery({ ...pageQueryOptions<T>(list, page), ...options });
  const total = query.data?.total ?? 0;
  return {
    query,
    pager: { page, pageCount: Math.max(1, Math.ceil(total / list.limit)), onPageChange: setPage },
    firstRow: (page - 1) * list.limit + 1,
    stepping: query.isPlaceholderData && query.data.items.length === 0,
  };
}

/**
 * The items of the loaded pages, each once, in order. Offset pages shift when an item is added
 * or removed between two loads, so an item can come back on the next page: the first one stays.
 */
function uniqueItems<T>(pages: readonly ApiPage<T>[], idOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(item);
    }
  }
  return out;
}

const infiniteListOptions = <T>(list: PagedList) =>
  infiniteQueryOptions({
    queryKey: [...list.key, list.query ?? {}],
    // every page is fetched by its link: the first one built here, the others the server's
    queryFn: ({ pageParam, signal }) => apiPage<T>(pageParam, { signal }),
    initialPageParam: apiPath(list.path, { ...list.query, page: 1, limit: list.limit }),
    // the last page has no next link; an empty page ends the list too (spec section 4)
    getNextPageParam: (last) => (last.items.length > 0 ? (last.next ?? undefined) : undefined),
  });

/**
 * The first page of a `useInfiniteList` list into the cache, under the key the hook reads (the
 * server renders public lists with it, decision 021). Rejects when the page cannot be fetched.
 */
export async function loadInfiniteList<T>(queryClient: QueryClient, list: PagedList) {
  await queryClient.fetchInfiniteQuery(infiniteListOptions<T>(list));
}

/**
 * A list that grows a page at a time (`query.fetchNextPage()`), following the server's next
 * links. `items` are the loaded items, each once (`idOf` tells them apart); `total` is the
 * list's size as the last page loaded says (undefined until the first has loaded), or more than
 * that when `totalExceeded` (a search past its count's cap). Pass an `idOf` that keeps its
 * identity (a module function).
 */
export function useInfiniteList<T>(list: PagedList, idOf: (item: T) => string) {
  const query = useInfiniteQuery(infiniteListOptions<T>(list));
  const pages = query.data?.pages;
  const items = useMemo(() => uniqueItems(pages ?? [], idOf), [pages, idOf]);
  const last = pages?.at(-1);
  return { query, items, total: last?.total, totalExceeded: last?.totalExceeded ?? false };
}
