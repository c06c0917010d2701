/**
 * HTTP header names shared by the server and the web. Kept free of zod so the web's API client
 * (loaded on every page) does not pull the schema library into the first download.
 */

/** The header that carries the total number of items of a paged list answer. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * The header that points to the next page of a paged list answer (`<url>; rel="next"`), absent on
 * the last page. Clients follow it instead of computing the next page themselves.
 */
export const LINK_HEADER = 'Link';
