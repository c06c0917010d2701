import { hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { SERVER_PAGE_DATA_ID } from '@pet-haven/shared/ssr';
import { sessionKey } from '@/features/auth/api/get-session';
import { createQueryClient } from '@/lib/query-client';
import { App } from './app';
import { preloadRouteModules } from './client-routes';
import { routes } from './router';
import type { ServerPageData } from './server-page-data';

/** The data of a page the server rendered (entry-server.tsx), or null on the client shell. */
export function readServerPageData(): ServerPageData | null {
  const text = document.getElementById(SERVER_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerPageData;
  } catch {
    return null;
  }
}

/**
 * The server rendered what a visitor sees (without the owner's e-mail, for one). Once the session
 * says someone is signed in, those queries are asked again with their token; a visitor's stay.
 */
function refetchWhenSignedIn(queryClient: QueryClient, keys: QueryKey[]) {
  if (keys.length === 0) return;
  let done = false;
  const check = () => {
    if (done) return;
    const user = queryClient.getQueryData(sessionKey);
    if (user === undefined) return; // the session is still loading
    done = true;
    unsubscribe();
    if (user)
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey, exact: true });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === sessionKey[0]) queueMicrotask(check);
  });
}

/**
 * Takes over a page the server rendered: the same routes and providers as the client shell, its
 * query cache filled from the page (no request is made again), and the route errors it rendered.
 */
export async function hydrateServerPage(
  container: HTMLElement,
  data: ServerPageData,
): Promise<Root> {
  await preloadRouteModules(
    matchRoutes(routes, window.location.pathname) ?? [],
    Boolean(data.errors),
  );
  const queryClient = createQueryClient();
  hydrate(queryClient, data.queries);
  refetchWhenSignedIn(
    queryClient,
    data.queries.queries.map((q) => q.queryKey),
  );
  const routeErrors = data.errors && { pathname: window.location.pathname, errors: data.errors };
  return hydrateRoot(
    container,
    <StrictMode>
      <App fromServer={{ queryClient, routeErrors }} />
    </StrictMode>,
  );
}
