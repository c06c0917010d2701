/**
 * The server entry (decision 021): built by `vite build --ssr` into dist-server/, loaded by the
 * server (apps/server/src/web/render.ts), which renders the public pages with it for anonymous
 * visitors, their data fetched from its own API in-process. The client takes the page over in
 * app/hydrate.tsx: same routes, same providers, same query cache.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import {
  createStaticHandler,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import type { CreatePageRenderer, PageHead, RenderResult } from '@pet-haven/shared/ssr';
import { App } from './app/app';
import { preloadRouteModules } from './app/client-routes';
import { routes, serverRenderedRouteIds, type ServerRenderedRouteId } from './app/router';
import type { RouteErrorData, ServerPageData } from './app/server-page-data';
import { notFoundHead, serverPages } from './app/server-pages';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

/** What one request's loaders share: its query cache, and the head the page's loader answered. */
interface RequestContext {
  queryClient: QueryClient;
  head: PageHead | null;
}

const isServerRendered = (id: string | undefined): id is ServerRenderedRouteId =>
  (serverRenderedRouteIds as readonly (string | undefined)[]).includes(id);

/** The app's routes, each server-rendered page with a loader that prepares its data and head. */
function withLoaders(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const copy = { ...route } as RouteObject;
    if (isServerRendered(route.id)) {
      const page = serverPages[route.id];
      copy.loader = async ({ params, request, context }: LoaderFunctionArgs) => {
        const ctx = context as unknown as RequestContext;
        ctx.head = await page.prepare(ctx.queryClient, params, new URL(request.url));
        return null;
      };
    }
    if (route.children) copy.children = withLoaders(route.children);
    return copy;
  });
}

/** One query cache per request: no retries (an error falls back to the client shell at once). */
function requestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

/** The whole HTML of `element` once everything is ready; rejects on any error while rendering. */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    // React writes UTF-8 bytes; each chunk is decoded as it comes (no copies of the page)
    const decoder = new TextDecoder();
    let html = '';
    const sink = new Writable({
      write(chunk: Uint8Array | string, _encoding, done) {
        html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
        done();
      },
      final(done) {
        resolve(html + decoder.decode());
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(err) {
        failure ??= err;
      },
    });
  });
}

/**
 * The page's route error as JSON, on its leaf route (the screen that shows the 404 page instead):
 * only a 404 gets this far (anything else is a render error).
 */
function routeErrors(
  context: StaticHandlerContext,
  leaf: ServerRenderedRouteId,
): Record<string, RouteErrorData> | null {
  if (!context.errors) return null;
  for (const [id, error] of Object.entries(context.errors)) {
    if (!isRouteErrorResponse(error) || error.status !== 404) {
      throw error instanceof Error ? error : new Error(`Route ${id} failed while loading`);
    }
  }
  return { [leaf]: { status: 404, statusText: 'Not Found', data: null } };
}

export const createPageRenderer: CreatePageRenderer<
  (path: string, init: RequestInit) => Promise<Response>
> = ({ fetchApi }) => {
  setApiTransport(fetchApi);
  const handler = createStaticHandler(withLoaders(routes));

  return {
    async render(url): Promise<RenderResult> {
      const location = new URL(url, 'http://localhost');
      // matched once per request: matching flattens and ranks the whole table each time
      const matched = matchRoutes(routes, location.pathname) ?? [];
      const leaf = matched.at(-1)?.route.id;
      if (!isServerRendered(leaf)) return { kind: 'client-only' };

      const requestContext: RequestContext = { queryClient: requestQueryClient(), head: null };
      const context = await handler.query(new Request(location), {
        requestContext: requestContext as never,
      });
      if (context instanceof Response) throw new Error(`Unexpected response ${context.status}`);
      const errors = routeErrors(context, leaf);
      const head = errors ? notFoundHead(location) : requestContext.head;
      if (!head) throw new Error(`No head for ${location.pathname}`);

      const { queryClient } = requestContext;
      const data: ServerPageData = { queries: dehydrate(queryClient), errors };
      // what the page's HTML is drawn from: each query's data, not when it was fetched
      const dataKey = JSON.stringify([
        errors,
        data.queries.queries.map((q) => [q.queryHash, q.state.data]),
      ]);
      const status = errors || serverPages[leaf].status === 404 ? 404 : 200;
      const renderHtml = async () => {
        await preloadRouteModules(matched, Boolean(errors));
        // the tree the browser hydrates (hydrate.tsx), with a static router at this URL
        const AtThisUrl = ({ children }: { children: ReactNode }) => (
          <StaticRouter location={location.pathname + location.search}>{children}</StaticRouter>
        );
        const errorsAtUrl = errors && { pathname: location.pathname, errors };
        return renderToHtml(
          <StrictMode>
            <App fromServer={{ queryClient, routeErrors: errorsAtUrl }} Router={AtThisUrl} />
          </StrictMode>,
        );
      };
      return { kind: 'page', status, head, data, dataKey, renderHtml };
    },
  };
};
