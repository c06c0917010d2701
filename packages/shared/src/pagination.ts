import { z } from 'zod';

export { TOTAL_COUNT_HEADER } from './headers';

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
 * the list's own filters: `pagingQuerySchema(24).extend({ search: ... })`.
 */
export const pagingQuerySchema = (defaultLimit: number, max = 100) =>
  z.object({ page: pageQuerySchema, limit: limitQuerySchema(defaultLimit, max) });
export type PagingQuery = z.infer<ReturnType<typeof pagingQuerySchema>>;
