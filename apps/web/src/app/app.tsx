import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes, ServerRouteErrorsProvider } from './client-routes';
import { PageFromServerContext } from './page-from-server';
import { AppProvider } from './provider';
import type { RouteErrorData } from './server-page-data';

interface AppProps {
  /**
   * Taking over a page the server rendered (hydrate.tsx): its query cache, and the routes it
   * answered with an error at that path.
   */
  fromServer?: {
    queryClient: QueryClient;
    routeErrors: { pathname: string; errors: Record<string, RouteErrorData> } | null;
  };
  /** The server renders the same tree with a static router at the page's URL (entry-server.tsx). */
  Router?: ComponentType<{ children: ReactNode }>;
}

/** The whole app: in the browser (main.tsx, hydrate.tsx) and on the server (entry-server.tsx). */
export function App({ fromServer, Router = BrowserRouter }: AppProps) {
  return (
    <PageFromServerContext.Provider value={Boolean(fromServer)}>
      <AppProvider queryClient={fromServer?.queryClient}>
        <Router>
          <ServerRouteErrorsProvider value={fromServer?.routeErrors ?? null}>
            <AppRoutes />
          </ServerRouteErrorsProvider>
        </Router>
      </AppProvider>
    </PageFromServerContext.Provider>
  );
}
