import { z } from 'zod';

export { LINK_HEADER, SEARCH_COUNT_CAP, TOTAL_COUNT_HEADER, TOTAL_EXCEEDS_HEADER } from './headers';

export const pageQuerySchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .default(1)
  .describe('Page number, from 1');

/** The most items a page may hold (`limit`), unless a list sets its own. */
export const MAX_PAGE_SIZE = 100;

export const limitQuerySchema = (defaultLimit: number, max = MAX_PAGE_SIZE) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(defaultLimit)
    .describe(`Items per page (at most ${max})`);

/**
 * THE `page` and `limit` query parameters of every paged list (one definition); extend it with
 * the list's own filters: `pagingQuerySchema(24).extend({ search: ... })`. Every paged answer is
 * the JSON array of one page with `X-Total-Count` (how many match in all) and, while there is a
 * next page, `Link: <url>; rel="next"` (decision 020): clients follow that link rather than
 * counting pages, so the server can change how it pages (keyset cursors) in one place.
 */
export const pagingQuerySchema = (defaultLimit: number, max = MAX_PAGE_SIZE) =>
  z.object({ page: pageQuerySchema, limit: limitQuerySchema(defaultLimit, max) });
export type PagingQuery = z.infer<ReturnType<typeof pagingQuerySchema>> & { after?: Cursor };

/**
 * Where a page of a list in keyset order starts: just after the row with this sort time (in
 * microseconds since 1970, exact: a JS Date keeps only milliseconds) and id (decision 028).
 */
export interface Cursor {
  atMicros: string;
  id: string;
}

const CURSOR = /^(\d{1,17})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor as the `after` parameter of a next link carries it. */
export const cursorParam = (cursor: Cursor) => `${cursor.atMicros}_${cursor.id}`;

/**
 * The `after` parameter of the lists that page in keyset order (the public pet and campaign
 * lists, decision 028): taken from a previous page's `Link` rel="next", never built by a client.
 */
export const cursorQuerySchema = z
  .string()
  .max(60)
  .transform((value, ctx): Cursor => {
    const m = CURSOR.exec(value);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Not a cursor from a next link' });
      return z.NEVER;
    }
    return { atMicros: m[1]!, id: m[2]! };
  })
  .describe("Where the page starts: copied from the previous page's next link");

/**
 * `pagingQuerySchema` for a list that pages in keyset order (decision 028): its next links carry
 * `after` instead of the next page number, so a deep page costs what the first costs. `page`
 * still works (a page number asked for directly).
 */
export const keysetPagingQuerySchema = (defaultLimit: number, max = MAX_PAGE_SIZE) =>
  pagingQuerySchema(defaultLimit, max).extend({ after: cursorQuerySchema.optional() });
