import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { PREVIEW_IMAGE, previewImageUrl } from '@pet-haven/shared/images';
import { petCategories } from '@pet-haven/shared/pets';
import type { PageHead } from '@pet-haven/shared/ssr';
import type { AppDeps } from '../app-deps';
import type { AppEnv } from '../lib/hono-env';
import {
  campaignsForSitemap,
  countCampaignsForSitemap,
} from '../modules/campaigns/campaigns.service';
import { countPetsForSitemap, petsForSitemap } from '../modules/pets/pets.service';

/**
 * What search engines and link previews read (decision 021): the head of a server-rendered page
 * (title, description, canonical URL, Open Graph and Twitter card with the page's 1200x630
 * preview picture), `/robots.txt`, and the sitemap: `/sitemap.xml` is a sitemap index of
 * `/sitemaps/pages.xml`, `/sitemaps/pets-<n>.xml` (pets not adopted yet) and
 * `/sitemaps/campaigns-<n>.xml` (campaigns taking donations), each at most SITEMAP_MAX_URLS.
 */

const SITE_NAME = 'Pet Haven';

/** The sitemap protocol's limit of URLs in one file (and of files in one index). */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read from the database at a time while a sitemap file is written out. */
const SITEMAP_BATCH = 1000;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The tags a page adds to <head>; every URL absolute, under PUBLIC_URL. */
export function headTags(head: PageHead, publicUrl: string): string {
  const url = `${publicUrl}${head.canonicalPath}`;
  const image = head.image && previewImageUrl(head.image.url, publicUrl);
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeXml(content)}" />`;
  const tags = [
    `<title>${escapeXml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeXml(url)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(image && head.image
      ? [
          meta('property', 'og:image', image),
          meta('property', 'og:image:type', PREVIEW_IMAGE.type),
          meta('property', 'og:image:width', String(PREVIEW_IMAGE.width)),
          meta('property', 'og:image:height', String(PREVIEW_IMAGE.height)),
          meta('property', 'og:image:alt', head.image.alt),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'twitter:image', image),
          meta('name', 'twitter:image:alt', head.image.alt),
        ]
      : [meta('name', 'twitter:card', 'summary')]),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  return `\n    ${tags.join('\n    ')}`;
}

/** robots.txt: everything but the API (pictures excepted, for previews) and the dashboard. */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Allow: /api/images/',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlEntry = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

/** A batch source: `limit` rows after the id `after`, or from position `offset` when it is null. */
type Batches = (
  after: string | null,
  offset: number,
  limit: number,
) => Promise<Array<{ id: string; changedAt: Date }>>;

/** A list the sitemap pages: how many there are, how to read them, where each one's page is. */
interface SitemapList {
  count: () => Promise<number>;
  batches: Batches;
  path: (id: string) => string;
}

/**
 * One sitemap file of a list: its `perFile` URLs from position `(file - 1) * perFile`, written out
 * a batch at a time (memory does not grow with the file).
 */
function urlsetStream(
  list: SitemapList,
  file: number,
  { perFile, batch }: Paging,
  publicUrl: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: string | null = null;
  let written = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`));
    },
    async pull(controller) {
      if (done) return;
      const limit = Math.min(batch, perFile - written);
      const rows = limit > 0 ? await list.batches(after, (file - 1) * perFile, limit) : [];
      written += rows.length;
      const last = rows.at(-1);
      if (last) after = last.id;
      const chunk = rows
        .map((r) => urlEntry(`${publicUrl}${list.path(r.id)}`, r.changedAt))
        .join('');
      if (rows.length < limit || written >= perFile) {
        done = true;
        controller.enqueue(encoder.encode(`${chunk}</urlset>\n`));
        controller.close();
      } else {
        controller.enqueue(encoder.encode(chunk));
      }
    },
  });
}

/** URLs a sitemap file, and rows read from the database at a time. */
interface Paging {
  perFile: number;
  batch: number;
}

/**
 * /robots.txt and the sitemap; `paging` is the protocol's 50,000 URLs a file, read 1,000 at a
 * time (tests page with fewer).
 */
export function createSeoRoutes(
  deps: AppDeps,
  paging: Paging = { perFile: SITEMAP_MAX_URLS, batch: SITEMAP_BATCH },
) {
  const app = new Hono<AppEnv>();
  const { perFile } = paging;
  const { publicUrl } = deps.config;
  const filesFor = (count: number) => Math.ceil(count / perFile);
  const lists: Record<'pets' | 'campaigns', SitemapList> = {
    pets: {
      count: () => countPetsForSitemap(deps),
      batches: (after, offset, limit) => petsForSitemap(deps, after, offset, limit),
      path: (id) => `/pets/${id}`,
    },
    campaigns: {
      count: () => countCampaignsForSitemap(deps),
      batches: (after, offset, limit) => campaignsForSitemap(deps, after, offset, limit),
      path: (id) => `/donation-details/${id}`,
    },
  };
  const cached = { 'Cache-Control': 'public, max-age=3600' };
  const xml = { ...cached, 'Content-Type': 'application/xml; charset=utf-8' };

  app.get('/robots.txt', (c) =>
    c.body(robotsTxt(publicUrl), 200, { ...cached, 'Content-Type': 'text/plain; charset=utf-8' }),
  );

  app.get('/sitemap.xml', async (c) => {
    const [pets, campaigns] = await Promise.all([lists.pets.count(), lists.campaigns.count()]);
    const files = [
      '/sitemaps/pages.xml',
      ...Array.from({ length: filesFor(pets) }, (_, i) => `/sitemaps/pets-${i + 1}.xml`),
      ...Array.from({ length: filesFor(campaigns) }, (_, i) => `/sitemaps/campaigns-${i + 1}.xml`),
    ];
    const entries = files.map(
      (f) => `<sitemap><loc>${escapeXml(`${publicUrl}${f}`)}</loc></sitemap>\n`,
    );
    return c.body(
      `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`,
      200,
      xml,
    );
  });

  app.get('/sitemaps/:file', async (c) => {
    const name = c.req.param('file');
    if (name === 'pages.xml') {
      const pages = [
        '/',
        '/petlist',
        ...petCategories.map((k) => `/petlist?category=${k}`),
        '/donation',
      ];
      const body = pages.map((p) => urlEntry(`${publicUrl}${p}`)).join('');
      return c.body(
        `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n${body}</urlset>\n`,
        200,
        xml,
      );
    }
    const m = /^(pets|campaigns)-([1-9]\d{0,5})\.xml$/.exec(name);
    if (!m) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    const list = lists[m[1] as 'pets' | 'campaigns'];
    const file = Number(m[2]);
    // the first file always exists (empty when the list is), later ones while there are URLs
    if (file > 1 && file > filesFor(await list.count())) {
      return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    }
    return c.body(urlsetStream(list, file, paging, publicUrl), 200, xml);
  });
  return app;
}

/** Mounts /robots.txt and the sitemap; call it before the web app (whose 404 would answer them). */
export function mountSeo(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  app.route('/', createSeoRoutes(deps));
}
