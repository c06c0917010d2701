/**
 * The contract between the web app's server entry (apps/web/src/entry-server.tsx, built by
 * `vite build --ssr` into apps/web/dist-server/) and the server that renders public pages with it
 * (apps/server/src/web/render.ts). Decision 021.
 */

/** The id of the `<script type="application/json">` element that carries a page's data to the client. */
export const SERVER_PAGE_DATA_ID = 'server-page-data';

/** What a page says about itself in `<head>`: title, description, canonical URL, link preview. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's path (with the filters that make it a different page): PUBLIC_URL + this is canonical. */
  canonicalPath: string;
  /** Open Graph type. */
  type: 'website' | 'article';
  /** The page's picture as the API answers it (a display_url); the server links its 1200x630 preview. */
  image?: { url: string; alt: string };
  /** Kept out of search engines (the 404 page). */
  noindex?: boolean;
}

export type RenderResult =
  /**
   * A server-rendered page: its head, the data the client hydrates from, and `renderHtml`, which
   * renders the HTML inside #root from that data. That HTML depends on the URL, on `dataKey` (the
   * page's data as text, without the times it was fetched at) and on the time of day (a campaign's
   * last day, the year in the footer) only, so the server may keep it and call `renderHtml` only
   * for a URL and data it has not rendered in the same minute.
   */
  | {
      kind: 'page';
      status: 200 | 404;
      head: PageHead;
      data: unknown;
      dataKey: string;
      renderHtml: () => Promise<string>;
    }
  /** Not a page rendered on the server (forms, the dashboard): serve the client shell. */
  | { kind: 'client-only' };

export interface PageRenderer {
  /** Renders `url` (path and query) as an anonymous visitor sees it. Rejects on a render error. */
  render(url: string): Promise<RenderResult>;
}

/**
 * The server entry's export. `fetchApi` calls the app's own API in-process:
 * `(path: string, init: RequestInit) => Promise<Response>`, `path` being `/api/...` with its
 * query (a type parameter: this package knows neither the DOM's nor Node's fetch types).
 */
export type CreatePageRenderer<ApiFetch> = (options: { fetchApi: ApiFetch }) => PageRenderer;

/**
 * Applies the stored theme before the first paint (no flash of the wrong theme): the web build
 * writes it inline into index.html, before #root (apps/web/scripts/inline-first-paint.ts), and the
 * server's Content-Security-Policy allows this exact text by its hash (apps/server/src/app.ts).
 * Reads localStorage `darkMode` as apps/web/src/hooks/use-theme.ts writes it: keep them in step.
 */
export const THEME_INIT_SCRIPT =
  "(function(){var d;try{d=JSON.parse(localStorage.getItem('darkMode')||'false')===true}catch(e){d=false}" +
  "document.body.classList.add(d?'dark-theme':'light-theme');document.documentElement.style.colorScheme=d?'dark':'light'})();";
