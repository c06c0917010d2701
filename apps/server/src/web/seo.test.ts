import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { daysFromToday, createCampaignVia } from '../../test/helpers/campaigns';
import { addPetVia } from '../../test/helpers/pets';
import { useTestContext, useUsers } from '../../test/helpers/test-app';
import { createSeoRoutes, SITEMAP_MAX_URLS } from './seo';

const SITE = 'https://pets.example.org';
const ctx = useTestContext({ PUBLIC_URL: SITE });
const { owner } = useUsers(ctx, { owner: {} });

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The sitemap protocol's basic rules (sitemaps.org): the XML declaration first, one root element
 * in the sitemap namespace, every entry with one absolute <loc> under PUBLIC_URL (at most 2,048
 * characters, XML-escaped), a W3C datetime <lastmod> if any, at most 50,000 entries. Answers the
 * locations.
 */
function checkSitemap(xml: string, root: 'urlset' | 'sitemapindex'): string[] {
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('\n') + 1).trim();
  expect(body.startsWith(`<${root} xmlns="${NS}">`)).toBe(true);
  expect(body.endsWith(`</${root}>`)).toBe(true);
  const inner = body.slice(`<${root} xmlns="${NS}">`.length, -`</${root}>`.length);
  const entries = inner.match(new RegExp(`<${entry}>[\\s\\S]*?</${entry}>`, 'g')) ?? [];
  // nothing but entries inside the root
  expect(inner.replace(new RegExp(`<${entry}>[\\s\\S]*?</${entry}>`, 'g'), '').trim()).toBe('');
  expect(entries.length).toBeLessThanOrEqual(50_000);
  return entries.map((e) => {
    const locs = [...e.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(1);
    const loc = locs[0]!;
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(loc.startsWith(`${SITE}/`), loc).toBe(true);
    expect(loc).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
    const lastmod = /<lastmod>([^<]*)<\/lastmod>/.exec(e)?.[1];
    if (lastmod) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    return loc;
  });
}

async function get(p: string) {
  const res = await ctx.request(p);
  expect(res.status, p).toBe(200);
  return res;
}

/** Every URL of the sitemap, file by file, each file checked. */
async function allUrls() {
  const index = await get('/sitemap.xml');
  expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
  const files = checkSitemap(index.text, 'sitemapindex');
  const urls = new Map<string, string[]>();
  for (const file of files) {
    const res = await get(file.slice(SITE.length));
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    urls.set(file.slice(SITE.length), checkSitemap(res.text, 'urlset'));
  }
  return urls;
}

describe('robots.txt', () => {
  it('is plain text that names the sitemap and keeps crawlers out of the API and the dashboard', async () => {
    const res = await get('/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).not.toContain('<');
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Allow: /api/images/');
    expect(lines).toContain('Disallow: /dashboard');
  });
});

describe('the sitemap', () => {
  it('lists the public pages, the pets not adopted and the campaigns taking donations', async () => {
    const available = await addPetVia(ctx, owner.token, { petName: 'Available' });
    const adopted = await addPetVia(ctx, owner.token, { petName: 'Adopted' });
    const mark = await ctx.request(`/api/pets/${adopted._id}/adopted`, {
      method: 'PATCH',
      token: owner.token,
      json: { adopted: true },
    });
    expect(mark.status).toBe(200);
    const open = await createCampaignVia(ctx, owner.token, { petName: 'Open' });
    const paused = await createCampaignVia(ctx, owner.token, { petName: 'Paused' });
    const pause = await ctx.request(`/api/donations/${paused._id}/pause`, {
      method: 'PATCH',
      token: owner.token,
    });
    expect(pause.status).toBe(200);
    const ended = await createCampaignVia(ctx, owner.token, { petName: 'Ended' });
    await ctx.database.db.execute(
      sql`update campaigns set last_date = ${daysFromToday(-1)} where id = ${ended._id}`,
    );

    const urls = await allUrls();
    expect([...urls.keys()]).toEqual([
      '/sitemaps/pages.xml',
      '/sitemaps/pets-1.xml',
      '/sitemaps/campaigns-1.xml',
    ]);
    expect(urls.get('/sitemaps/pages.xml')).toEqual(
      expect.arrayContaining([`${SITE}/`, `${SITE}/petlist`, `${SITE}/donation`]),
    );
    expect(urls.get('/sitemaps/pets-1.xml')).toEqual([`${SITE}/pets/${available._id}`]);
    expect(urls.get('/sitemaps/campaigns-1.xml')).toEqual([`${SITE}/donation-details/${open._id}`]);

    expect((await ctx.request('/sitemaps/pets-2.xml')).status).toBe(404);
    expect((await ctx.request('/sitemaps/other-1.xml')).status).toBe(404);
    expect((await ctx.request('/sitemaps/pets-0.xml')).status).toBe(404);
  });

  it('pages its lists by at most 50,000 URLs a file (here by 3, read 2 at a time)', async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    // the same routes on this app's deps, 3 URLs a file; the pet of the first test and 6 more
    const small = createSeoRoutes(ctx.deps, { perFile: 3, batch: 2 });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await addPetVia(ctx, owner.token))._id);
    const fetchText = async (p: string) => {
      const res = await small.request(`http://localhost:3000${p}`);
      expect(res.status, p).toBe(200);
      return res.text();
    };
    const files = checkSitemap(await fetchText('/sitemap.xml'), 'sitemapindex');
    const petFiles = files.filter((f) => f.includes('/sitemaps/pets-'));
    expect(petFiles).toEqual([1, 2, 3].map((n) => `${SITE}/sitemaps/pets-${n}.xml`));
    const pages = [];
    for (const f of petFiles)
      pages.push(checkSitemap(await fetchText(f.slice(SITE.length)), 'urlset'));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const listed = new Set(pages.flat());
    expect(listed.size).toBe(7);
    for (const id of ids) expect(listed).toContain(`${SITE}/pets/${id}`);
    expect((await small.request('http://localhost:3000/sitemaps/pets-4.xml')).status).toBe(404);
  });
});
