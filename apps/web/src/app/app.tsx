import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, type HydrationState } from 'react-router';
import { PageFromServerContext } from './page-from-server';
import { AppProvider } from './provider';
import { createRouter } from './router';

interface AppProps {
  /** Taking over a page the server rendered (hydrate.tsx): its query cache and route errors. */
  fromServer?: { queryClient: QueryClient; routerState: HydrationState };
}

export function App({ fromServer }: AppProps) {
  const [router] = useState(() => createRouter(fromServer?.routerState));
  return (
    <PageFromServerContext.Provider value={Boolean(fromServer)}>
      <AppProvider queryClient={fromServer?.queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </PageFromServerContext.Provider>
  );
}
