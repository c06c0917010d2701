import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page rendered on the server hands the client, as JSON in
 * `<script type="application/json" id="server-page-data">` (no inline script: the CSP stays
 * script-src 'self'): the queries it rendered from, and the routes that answered an error (a
 * details page of a missing id shows the 404 page). Written by entry-server.tsx, read by hydrate.tsx.
 */
export interface ServerPageData {
  queries: DehydratedState;
  errors: Record<string, RouteErrorData> | null;
}

/** An error response of a route (a 404 thrown by a loader), as JSON. */
export interface RouteErrorData {
  status: number;
  statusText: string;
  data: unknown;
}
