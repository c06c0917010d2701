/**
 * HTTP header names shared by the server and the web. Kept free of zod so the web's API client
 * (loaded on every page) does not pull the schema library into the first download.
 */

/** The header that carries the total number of items of a paged list answer. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * In place of X-Total-Count on a list that counts its matches only so far (the pet list searched
 * by name, facts or distance, decisions 041 and 047): more than this many items match.
 */
export const TOTAL_EXCEEDS_HEADER = 'X-Total-Count-Exceeds';

/** How far a search counts its matches before it answers "more than" (decisions 041, 047). */
export const SEARCH_COUNT_CAP = 1000;

/**
 * The header that points to the next page of a paged list answer (`<url>; rel="next"`), absent on
 * the last page. Clients follow it instead of computing the next page themselves.
 */
export const LINK_HEADER = 'Link';
