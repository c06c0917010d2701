import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@pet-haven/shared/messages';
import { THEME_INIT_SCRIPT } from '@pet-haven/shared/ssr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia } from '../../test/helpers/campaigns';
import { MISSING_ID } from '../../test/helpers/factories';
import { addPetVia, type CreatedPet } from '../../test/helpers/pets';
import { uploadPicture } from '../../test/helpers/pictures';
import {
  createTestContext,
  type TestContext,
  useTestContext,
  useUsers,
} from '../../test/helpers/test-app';
import { copyOfWebBuild } from '../../test/helpers/web-build';

const SITE = 'https://pets.example.org';
const web = copyOfWebBuild();

/** The content of `<meta property|name="key" content="...">`. */
function metaOf(html: string, key: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return m ? m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))) : null;
}

/**
 * Every <script> of a page loads a file, carries JSON, or is code the page's Content-Security-Policy
 * allows by its hash (the theme script): nothing else inline would run.
 */
function expectScriptsAllowedByCsp(html: string, csp: string | null) {
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc="|type="application\/json"/.test(attrs!)) continue;
    const hash = createHash('sha256').update(body!).digest('base64');
    expect(csp, `the CSP allows the inline script ${body!.slice(0, 40)}...`).toContain(
      `'sha256-${hash}'`,
    );
  }
}

const serverPageData = (html: string) => {
  const m = /<script type="application\/json" id="server-page-data">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as { queries: { queries: { queryKey: unknown[] }[] } }) : null;
};

describe.skipIf(!web)('public pages rendered on the server', () => {
  const ctx = useTestContext(() => ({ WEB_DIST_DIR: web!, PUBLIC_URL: SITE }));
  const { owner } = useUsers(ctx, { owner: { name: 'Olive Owner' } });
  let pet: CreatedPet;
  let cat: CreatedPet;
  let campaign: { _id: string; petPicture?: unknown };

  beforeAll(async () => {
    const picture = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    pet = await addPetVia(ctx, owner.token, {
      petImage: picture,
      petName: 'Biscuit <the brave>',
      shortDescription: "Biscuit's favourite thing is a long walk & a nap.",
    });
    cat = await addPetVia(ctx, owner.token, { petName: 'Whiskers', petCategory: 'cat' });
    campaign = await createCampaignVia(ctx, owner.token, { petName: 'Luna' });
  });

  it('sends a shared pet link as a complete page: name, picture, head, data, status 200', async () => {
    const res = await ctx.request(`/pets/${pet._id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = res.text;
    // the page itself, escaped, without JavaScript
    expect(html).toMatch(/<h1[^>]*>Biscuit &lt;the brave&gt;<\/h1>/);
    expect(html).toContain('Biscuit&#x27;s favourite thing is a long walk &amp; a nap.');
    const id = /\/api\/images\/([0-9a-f]{64})-500w\.webp/.exec(pet.petImage)![1]!;
    expect(html).toContain(`src="/api/images/${id}-500w.webp"`);
    // head: title, description, canonical, Open Graph and Twitter card with the 1200x630 preview
    expect(html).toContain('<title>Biscuit &#60;the brave&#62; | Pet Haven</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html, 'description')).toBe("Biscuit's favourite thing is a long walk & a nap.");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/pets/${pet._id}" />`);
    expect(metaOf(html, 'og:title')).toBe('Biscuit <the brave> | Pet Haven');
    expect(metaOf(html, 'og:url')).toBe(`${SITE}/pets/${pet._id}`);
    const image = `${SITE}/api/images/${id}-1200x630.jpg`;
    expect(metaOf(html, 'og:image')).toBe(image);
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'og:image:height')).toBe('630');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:image')).toBe(image);
    // the data the client hydrates from, as JSON; no inline code (CSP)
    expect(serverPageData(html)?.queries.queries.map((q) => q.queryKey)).toEqual([
      ['pets', 'detail', pet._id],
    ]);
    // what the first paint needs is in the page: the theme script, allowed by the CSP's hash,
    // and the stylesheet
    expectScriptsAllowedByCsp(html, res.headers.get('content-security-policy'));
    expect(html).toContain(`<script>${THEME_INIT_SCRIPT}</script>`);
    expect(html).toMatch(/<style>\/\*! tailwindcss/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
    // the pages' routes fit hono's faster router too (system.routes.test.ts has the API's alone)
    expect(ctx.app.router.name).toBe('SmartRouter + RegExpRouter');

    // the preview picture is there, 1200x630
    const preview = await ctx.app.request(image.replace(SITE, 'http://localhost:3000'));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('answers a missing or malformed pet or campaign id 404 with the 404 page', async () => {
    for (const p of [
      `/pets/${MISSING_ID}`,
      '/pets/not-an-id',
      "/pets/1'%20or%201=1",
      `/donation-details/${MISSING_ID}`,
      '/donation-details/xyz',
      '/no/such/page',
    ]) {
      const res = await ctx.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(res.text, p).toMatch(new RegExp(`<h1[^>]*>${messages.notFound.title}</h1>`));
      expect(res.text, p).toContain(messages.notFound.text.replace("'", '&#x27;'));
      expect(metaOf(res.text, 'robots'), p).toBe('noindex');
      expectScriptsAllowedByCsp(res.text, res.headers.get('content-security-policy'));
    }
  });

  it('renders the pet list with the URL filters, and the campaigns', async () => {
    const all = await ctx.request('/petlist');
    expect(all.status).toBe(200);
    expect(all.text).toContain('Biscuit &lt;the brave&gt;');
    expect(all.text).toContain('Whiskers');

    const cats = await ctx.request('/petlist?category=cat');
    expect(cats.status).toBe(200);
    expect(cats.text).toContain('Whiskers');
    expect(cats.text).not.toContain('Biscuit &lt;the brave&gt;');
    expect(cats.text).toContain(`<link rel="canonical" href="${SITE}/petlist?category=cat" />`);
    expect(cats.text).toContain(`href="/pets/${cat._id}"`);

    const list = await ctx.request('/donation');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Luna');
    expect(list.text).toContain(`href="/donation-details/${campaign._id}"`);

    const details = await ctx.request(`/donation-details/${campaign._id}`);
    expect(details.status).toBe(200);
    expect(details.text).toMatch(/<h1[^>]*>Luna<\/h1>/);
    expect(details.text).toContain('Donate Now');
    expect(metaOf(details.text, 'og:title')).toBe('Help Luna | Pet Haven');
    expect(metaOf(details.text, 'og:image')).toMatch(
      new RegExp(`^${SITE}/api/images/[0-9a-f]{64}-1200x630\\.jpg$`),
    );

    const home = await ctx.request('/');
    expect(home.status).toBe(200);
    expect(home.text).toMatch(/<h1[^>]*>Welcome to <span[^>]*>Pet Haven<\/span><\/h1>/);
    expect(home.text).toContain(`<link rel="canonical" href="${SITE}/" />`);
  });

  it('leaves the dashboard and the forms to the client shell', async () => {
    for (const p of [
      '/dashboard',
      '/dashboard/my-added-pets',
      '/login',
      `/update-pet/${pet._id}`,
    ]) {
      const res = await ctx.request(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('<div id="root"></div>');
      expect(serverPageData(res.text), p).toBeNull();
    }
  });

  it('falls back to the client shell when rendering fails (the API cannot answer)', async () => {
    const broken = await createTestContext({ WEB_DIST_DIR: web!, PUBLIC_URL: SITE });
    await broken.database.close();
    const res = await broken.request(`/pets/${pet._id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(serverPageData(res.text)).toBeNull();
    expect(res.text).not.toMatch(/Error|at .*\.js/);
  });
});

/** The HTML inside #root: what React rendered (the page's data JSON after it carries fetch times). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];
const renderOf = (res: { headers: Headers }) => res.headers.get('server-timing');

describe.skipIf(!web)('rendered pages kept by their data', () => {
  let clock = new Date('2026-11-24T10:00:00Z');
  const ctx = useTestContext(() => ({ WEB_DIST_DIR: web!, PUBLIC_URL: SITE }), {
    now: () => clock,
  });
  const { owner } = useUsers(ctx, { owner: { name: 'Olive Owner' } });

  it('renders a page once for the same data in the same minute, again when its data or the minute changes', async () => {
    const pet = await addPetVia(ctx, owner.token, { petName: 'Pepper' });
    const first = await ctx.request(`/pets/${pet._id}`);
    expect(renderOf(first)).toBe('render;desc="rendered"');
    expect(first.text).toMatch(/<h1[^>]*>Pepper<\/h1>/);

    const again = await ctx.request(`/pets/${pet._id}`);
    expect(renderOf(again)).toBe('render;desc="kept"');
    expect(rootOf(again.text)).toBe(rootOf(first.text));
    expect(again.text).toContain('Pepper');
    // the same page at another URL is another page (its canonical link, its filters)
    expect(renderOf(await ctx.request(`/pets/${pet._id}?from=share`))).toBe(
      'render;desc="rendered"',
    );

    // changed data: rendered again, in this process or any other, with nothing to invalidate
    const renamed = await ctx.request(`/api/update-pet/${pet._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { petName: 'Pepper Jr' },
    });
    expect(renamed.status).toBe(200);
    const changed = await ctx.request(`/pets/${pet._id}`);
    expect(renderOf(changed)).toBe('render;desc="rendered"');
    expect(changed.text).toMatch(/<h1[^>]*>Pepper Jr<\/h1>/);
    expect(renderOf(await ctx.request(`/pets/${pet._id}`))).toBe('render;desc="kept"');

    // the next minute: rendered again (pages show dates: a campaign's last day, the year)
    clock = new Date('2026-11-24T10:01:00Z');
    expect(renderOf(await ctx.request(`/pets/${pet._id}`))).toBe('render;desc="rendered"');
  });
});

describe('a server build that fails', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    const dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'pet-haven-dist-')), 'dist');
    mkdirSync(dist);
    mkdirSync(`${dist}-server`);
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Pet Haven</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(`${dist}-server`, 'entry-server.js'),
      `export const createPageRenderer = () => ({
        render: async (url) => {
          if (url === '/') throw new Error('render exploded');
          return { kind: 'client-only' };
        },
      });`,
    );
    ctx = await createTestContext({ WEB_DIST_DIR: dist });
  });
  afterAll(() => ctx.close());

  it('answers the client shell, never a blank page or a stack trace', async () => {
    const res = await ctx.request('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('render exploded');
  });
});
