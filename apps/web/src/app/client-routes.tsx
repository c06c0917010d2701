import {
  createContext,
  lazy,
  Suspense,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageErrorBoundary } from '@/components/layouts/page-error-boundary';
import { FullPageSkeleton } from '@/components/ui/skeleton';
import { loadOnce, type LoadOnce } from '@/lib/load-once';
import { routes } from './router';
import type { RouteErrorData } from './server-page-data';

/**
 * The browser's routing (decision 023): React Router's declarative API over the route table of
 * router.tsx. The data router the server renders with (entry-server.tsx) would cost every page
 * about 17 KB of compressed JavaScript more, and the browser uses none of its data loading: the
 * screens read their data with TanStack Query.
 */

/** What a lazy route module of ./routes exports. */
interface RouteModule {
  Component: ComponentType;
}
type LoadRouteModule = () => Promise<RouteModule>;

const loaders = new Map<LoadRouteModule, LoadOnce<RouteModule>>();

/** A route module's one shared load (the same promise for every caller). */
function loaderOf(load: LoadRouteModule): LoadOnce<RouteModule> {
  let loader = loaders.get(load);
  if (!loader) {
    loader = loadOnce(load);
    loaders.set(load, loader);
  }
  return loader;
}

/** Loads the modules of `list`'s lazy routes (each once). */
async function loadModulesOf(list: readonly RouteObject[]) {
  await Promise.all(
    list.map((route) => {
      const load = lazyOf(route);
      return load ? loaderOf(load)() : null;
    }),
  );
}

const lazyOf = (route: RouteObject) =>
  typeof route.lazy === 'function' ? (route.lazy as LoadRouteModule) : null;

const notFoundRoute = routes[0]?.children?.find((route) => route.id === 'not-found');
const notFoundLoad = notFoundRoute && lazyOf(notFoundRoute);
const NotFoundScreen = notFoundLoad ? lazyScreen(notFoundLoad) : () => null;

/**
 * The routes the server answered with an error on the page it rendered (a details page of a
 * missing id shows the 404 page), for that page's path only: the 404 page shows there again when
 * the visitor comes back to it, and every other path shows its screen as the browser renders it.
 */
interface ServerRouteErrors {
  pathname: string;
  errors: Record<string, RouteErrorData>;
}
const ServerRouteErrorsContext = createContext<ServerRouteErrors | null>(null);

export function ServerRouteErrorsProvider({
  value,
  children,
}: {
  value: ServerRouteErrors | null;
  children: ReactNode;
}) {
  return <ServerRouteErrorsContext value={value}>{children}</ServerRouteErrorsContext>;
}

/**
 * A route module's screen as a React lazy component, made once per route: rendered at once when
 * its module has loaded already (always so while a server page is hydrated, see
 * `preloadRouteModules`), otherwise it suspends until it has, and a navigation (a transition)
 * keeps the previous screen meanwhile.
 */
function lazyScreen(load: LoadRouteModule): ComponentType {
  const loader = loaderOf(load);
  return lazy(() => {
    const loaded = loader.loaded();
    if (loaded) {
      // a thenable that answers at once: React renders the screen without suspending
      const screen = { default: loaded.Component };
      const now = { then: (resolve: (value: typeof screen) => void) => resolve(screen) };
      return now as unknown as Promise<typeof screen>;
    }
    return loader().then((module) => ({ default: module.Component }));
  });
}

/** A route's screen, or the 404 page where the server answered it so at this path. */
function RouteScreen({ Screen, routeId }: { Screen: ComponentType; routeId?: string }) {
  const { pathname } = useLocation();
  const fromServer = useContext(ServerRouteErrorsContext);
  if (routeId && fromServer?.pathname === pathname && fromServer.errors[routeId]?.status === 404) {
    return <NotFoundScreen />;
  }
  return <Screen />;
}

function toClientRoutes(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const load = lazyOf(route);
    return {
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      element: load ? (
        <RouteScreen Screen={lazyScreen(load)} routeId={route.id} />
      ) : route.Component ? (
        <route.Component />
      ) : (
        route.element
      ),
      children: route.children && toClientRoutes(route.children),
    } as RouteObject;
  });
}

const clientRoutes = toClientRoutes(routes);

/**
 * Around the routes, on both sides: the full-page skeleton while the first screen's module loads
 * in the client shell. The server renders the same boundary, so a page it sent hydrates as it is.
 */
export function RouteSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSkeleton />}>{children}</Suspense>;
}

/**
 * The app's routes (inside a BrowserRouter, a StaticRouter on the server, or a MemoryRouter in
 * tests); a screen that fails to load or render shows a way to reload (PageErrorBoundary).
 */
export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <RouteSuspense>{useRoutes(clientRoutes)}</RouteSuspense>
    </PageErrorBoundary>
  );
}

/**
 * Loads the route modules of a page (`matched`: its routes, as `matchRoutes` answers them over
 * router.tsx's table; and the 404 page's, when the server answered a route with an error) before
 * it is rendered on the server or hydrated in the browser, so that nothing suspends and the
 * browser's first render is the page the server sent.
 */
export async function preloadRouteModules(
  matched: readonly { route: RouteObject }[],
  withErrors: boolean,
) {
  const toLoad = matched.map((m) => m.route);
  if (withErrors && notFoundRoute) toLoad.push(notFoundRoute);
  await loadModulesOf(toLoad);
}

/**
 * Loads every route module. Route tests call it once (vitest.setup.ts) so that a screen renders
 * without suspending inside Testing Library's synchronous `act`; the browser loads each module
 * on first use (the browser tests check that path).
 */
export async function preloadAllRouteModules() {
  const all = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((route) => [route, ...all(route.children ?? [])]);
  await loadModulesOf(all(routes));
}
