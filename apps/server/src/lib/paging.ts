import type { PagingQuery } from '@pet-haven/shared/pagination';

/** A page as repositories take it: how many rows, after how many. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** `page` (from 1) and `limit` of a validated list query, as LIMIT/OFFSET. */
export const pageOf = (query: PagingQuery): PageWindow => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});
