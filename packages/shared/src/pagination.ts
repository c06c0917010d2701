import { z } from 'zod';

export { LINK_HEADER, TOTAL_COUNT_HEADER } from './headers';

export const pageQuerySchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .default(1)
  .describe('Page number, from 1');

export const limitQuerySchema = (defaultLimit: number, max = 100) =>
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
export const pagingQuerySchema = (defaultLimit: number, max = 100) =>
  z.object({ page: pageQuerySchema, limit: limitQuerySchema(defaultLimit, max) });
export type PagingQuery = z.infer<ReturnType<typeof pagingQuerySchema>>;
