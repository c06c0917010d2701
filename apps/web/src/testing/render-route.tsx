import { render, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpHandler } from 'msw';
import {
  MemoryRouter,
  parsePath,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router';
import { expect } from 'vitest';
import { AppRoutes } from '@/app/client-routes';
import { AppProvider } from '@/app/provider';
import { resetThemeStore } from '@/hooks/use-theme';
import { createQueryClient } from '@/lib/query-client';
import { requests, type RecordedRequest } from './api-handlers';
import { server } from './server';

/**
 * Route tests: the real router, the real providers, the real API client; the API is faked with
 * MSW (testing/server.ts) by handlers typed from the shared schemas (testing/api-handlers.ts):
 *
 *   const r = renderRoute('/petlist', { handlers: [...signedIn(), answer('GET /api/pets', () => page([pet]))] });
 *   await r.findByRole('heading', { name: 'Pets' });
 *   expect(r.requests.map((q) => q.key)).toContain('GET /api/pets');
 */

export interface RenderRouteOptions {
  /** MSW handlers for this test, on top of the base ones; later handlers win over earlier ones. */
  handlers?: HttpHandler[];
  /** `location.state` of the first entry (e.g. `{ from: ... }`). */
  state?: unknown;
  /** Keep TanStack Query's retries (off by default so failures show at once). */
  retry?: boolean;
}

export interface RenderRouteResult extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  queryClient: QueryClient;
  /** Every request the app made to the fake API, in order. */
  requests: RecordedRequest[];
  /** The router's current location. */
  location: () => Location;
  /** Navigates as the app does (`navigate(-1)` is the browser's Back). */
  navigate: NavigateFunction;
  /** The current path of the router. */
  path: () => string;
  /** Resolves once no query or mutation is running (every request the app started has ended). */
  settled: () => Promise<void>;
}

/** Renders the app's real route table at `path` inside the real AppProvider. */
export function renderRoute(path: string, options: RenderRouteOptions = {}): RenderRouteResult {
  // server.use puts handlers in front: add them last-first so that later ones win
  server.use(...[...(options.handlers ?? [])].reverse());
  // like a fresh page load: the theme is read from localStorage again
  resetThemeStore();
  document.body.classList.remove('dark-theme', 'light-theme');
  const queryClient = createQueryClient();
  if (!options.retry) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  let current: Location | null = null;
  let navigateInApp: NavigateFunction | null = null;
  const LocationProbe = () => {
    current = useLocation();
    navigateInApp = useNavigate();
    return null;
  };
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter
        initialEntries={[
          options.state === undefined ? path : { ...parsePath(path), state: options.state },
        ]}
      >
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  const location = () => {
    if (!current) throw new Error('The router has not rendered yet');
    return current;
  };
  const navigate = ((...args: Parameters<NavigateFunction>) => {
    if (!navigateInApp) throw new Error('The router has not rendered yet');
    return navigateInApp(...args);
  }) as NavigateFunction;
  return {
    ...result,
    location,
    navigate,
    user,
    queryClient,
    requests,
    path: () => location().pathname,
    settled: () =>
      waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0)),
  };
}
