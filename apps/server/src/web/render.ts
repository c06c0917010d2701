import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  SERVER_PAGE_DATA_ID,
  type CreatePageRenderer,
  type PageRenderer,
  type RenderResult,
} from '@pet-haven/shared/ssr';
import type { AppDeps } from '../app-deps';
import type { AppEnv } from '../lib/hono-env';
import { RenderedPages } from './rendered-pages';
import { headTags } from './seo';

/**
 * Public pages rendered on the server (decision 021). The web app's server entry
 * (apps/web/src/entry-server.tsx, built by `npm run build` into `<WEB_DIST_DIR>-server/`) renders
 * `/`, `/petlist`, `/pets/{id}`, `/donation`, `/donation-details/{id}` and the 404 page as an
 * anonymous visitor sees them, with their data fetched from this app's own API in-process
 * (`app.request`, no socket, no cookie). The answer is the client build's index.html with the
 * page's head (title, description, canonical URL, link preview), its HTML in #root and its data
 * as JSON for the client to hydrate from. Any other path, an error while rendering or a missing
 * server build leaves the path to the client shell (mountWebApp in app.ts).
 */

/** The app's own API in-process, for the server entry. */
type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

/** The server build's entry beside the client build: `apps/web/dist` -> `apps/web/dist-server`. */
export const serverEntryOf = (webDistDir: string) =>
  path.join(`${webDistDir.replace(/[\\/]+$/, '')}-server`, 'entry-server.js');

/** A path that names a file (`/x.js`, `/a.map`): never a page (its ids are UUIDs). */
const namesAFile = (p: string) => /\.[^/.]+$/.test(p.slice(p.lastIndexOf('/') + 1));
const notAPage = (p: string) =>
  p === '/api' ||
  p.startsWith('/api/') ||
  p === '/assets' ||
  p.startsWith('/assets/') ||
  namesAFile(p);

/** The client build's index.html, cut where a page's parts go. */
interface Template {
  /** Up to the end of <head>, without its default <title> and description. */
  head: string;
  /** From </head> to the opening <div id="root">. */
  beforeRoot: string;
  /** The rest, after #root. */
  afterRoot: string;
}

const ROOT = '<div id="root"></div>';

export function parseTemplate(html: string): Template {
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(ROOT);
  if (headEnd < 0 || root < headEnd) throw new Error('index.html has no </head> or no empty #root');
  const head = html
    .slice(0, headEnd)
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?>/i, '');
  return {
    head,
    beforeRoot: `${html.slice(headEnd, root)}<div id="root">`,
    afterRoot: html.slice(root + ROOT.length),
  };
}

const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that is safe inside <script type="application/json"> (no `</script>`, no comment start),
 * escaped in one pass over the page's data.
 */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c]!);

/**
 * React puts the preloads of a page's pictures (`<link rel="preload" as="image">`) before the
 * first element; they belong in <head>, where they start the download sooner and where the client
 * does not meet them while hydrating #root.
 */
function splitLeadingLinks(html: string): { links: string; body: string } {
  const m = /^(?:<link\b[^>]*>)+/.exec(html);
  return m ? { links: m[0], body: html.slice(m[0].length) } : { links: '', body: html };
}

export function pageHtml(
  template: Template,
  page: Extract<RenderResult, { kind: 'page' }>,
  rootHtml: string,
  publicUrl: string,
): string {
  const { links, body } = splitLeadingLinks(rootHtml);
  const data = `<script type="application/json" id="${SERVER_PAGE_DATA_ID}">${jsonForScript(page.data)}</script>`;
  return `${template.head}${headTags(page.head, publicUrl)}${links}\n  ${template.beforeRoot}${body}</div>\n    ${data}${template.afterRoot}`;
}

/**
 * What a page's HTML inside #root is rendered from: its URL, its data and the minute (a page
 * shows dates, and time zones differ from UTC by whole quarter hours).
 */
const renderKey = (url: string, page: Extract<RenderResult, { kind: 'page' }>, now: Date) =>
  createHash('sha256')
    .update(`${now.toISOString().slice(0, 16)}\n${url}\n`)
    .update(page.dataKey)
    .digest('base64url');

/**
 * Mounts the server rendering of public pages; call it after the API and before mountWebApp.
 * Without a built web app (index.html) or its server build it logs why and leaves every page to
 * the client shell.
 */
export function mountServerRendering(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const { webDistDir, publicUrl } = deps.config;
  const indexFile = path.join(webDistDir, 'index.html');
  const entryFile = serverEntryOf(webDistDir);
  if (!existsSync(indexFile)) return; // mountWebApp says so
  if (!existsSync(entryFile)) {
    deps.logger.warn(
      { entryFile },
      'No server build of the web app; public pages are rendered in the browser only. Run `npm run build`.',
    );
    return;
  }
  let template: Template;
  try {
    template = parseTemplate(readFileSync(indexFile, 'utf8'));
  } catch (err) {
    deps.logger.warn({ err, indexFile }, 'Server rendering off: unexpected index.html');
    return;
  }

  // The entry loads once, at start-up, in the background; pages wait for it the first time. Its
  // API client is set up for this app: an app of its own gets a module of its own (tests start
  // several apps in one process).
  const entryUrl = `${pathToFileURL(entryFile).href}?app=${randomUUID()}`;
  const renderer: Promise<PageRenderer | null> = import(entryUrl)
    .then((module: { createPageRenderer: CreatePageRenderer<ApiFetch> }) =>
      module.createPageRenderer({
        // the app's own API in-process, as an anonymous caller: no cookie, no token
        fetchApi: async (apiPath, init) => app.request(apiPath, init),
      }),
    )
    .catch((err: unknown) => {
      deps.logger.error(
        { err, entryFile },
        'Server rendering off: the server build failed to load',
      );
      return null;
    });

  const rendered = new RenderedPages(deps.config.renderedPagesBytes);

  app.get('*', async (c, next) => {
    if (notAPage(c.req.path)) return next();
    const pages = await renderer;
    if (!pages) return next();
    const url = new URL(c.req.url);
    const pagePath = url.pathname + url.search;
    let result: RenderResult;
    let rootHtml: { html: string; rendered: boolean } | null = null;
    try {
      result = await pages.render(pagePath);
      if (result.kind === 'page') {
        rootHtml = await rendered.get(renderKey(pagePath, result, deps.now()), result.renderHtml);
      }
    } catch (err) {
      // never a blank page or a stack trace: the client shell renders it in the browser instead
      c.get('logger').error(
        { err, path: c.req.path },
        'Server rendering failed; serving the shell',
      );
      return next();
    }
    if (result.kind === 'client-only' || !rootHtml) return next();
    c.header('Cache-Control', 'no-cache');
    // whether React drew this page for this request, or its HTML was kept from an earlier one
    c.header('Server-Timing', `render;desc="${rootHtml.rendered ? 'rendered' : 'kept'}"`);
    return c.html(pageHtml(template, result, rootHtml.html, publicUrl), result.status);
  });
}
