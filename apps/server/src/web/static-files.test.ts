import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers/test-app';
import { answerHtml } from './static-files';

/** A built web app as apps/web/scripts/precompress.ts leaves it: files, .br/.gz twins, maps, manifest. */
function fakeBuild() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  const write = (rel: string, content: string | Buffer, twins = false) => {
    writeFileSync(path.join(dist, rel), content);
    if (!twins) return;
    writeFileSync(path.join(dist, `${rel}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${rel}.gz`), gzipSync(content));
  };
  write(
    'index.html',
    `<!doctype html><title>Pet Haven</title><div id="root"></div>${' '.repeat(2000)}`,
    true,
  );
  write('assets/index-abc123.js', `console.log(${JSON.stringify('pets '.repeat(2000))});`, true);
  write('assets/index-abc123.js.map', '{"version":3,"sources":["src/main.tsx"]}');
  write('assets/small-def456.js', 'export{}');
  write('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(500)}</svg>`, true);
  write('.vite/manifest.json', '{"index.html":{"file":"assets/index-abc123.js","isEntry":true}}');
  return dist;
}

const SCRIPT = `console.log(${JSON.stringify('pets '.repeat(2000))});`;

describe('static files of the build', () => {
  const ctx = useTestContext(() => ({ WEB_DIST_DIR: fakeBuild() }));
  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
    ctx.app.request(`http://localhost:3000${p}`, { method, headers });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
  ])('Accept-Encoding %j gets the %s twin of a hashed asset', async (accept, encoding) => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 10);
    const plain = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
    expect(plain.toString()).toBe(SCRIPT);
  });

  it.each([undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0'])(
    'Accept-Encoding %j gets the file as it is, still with Vary',
    async (accept) => {
      const res = await get('/assets/index-abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-length')).toBe(String(SCRIPT.length));
      expect((await bytes(res)).toString()).toBe(SCRIPT);
    },
  );

  it('serves a file without twins as it is, and HEAD with its length only', async () => {
    const res = await get('/assets/small-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('export{}');
    const head = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  it('revalidates a file that is not hashed with a strong ETag per encoding: 304 when it matches', async () => {
    const plain = await get('/favicon.svg');
    const br = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+-br"$/);
    expect(plain.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(plain.headers.get('etag')).not.toBe(etag);

    const again = await get('/favicon.svg', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    // another encoding's tag is another representation: the whole answer again
    const other = await get('/favicon.svg', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers every page with index.html, revalidated by a strong ETag (304), compressed by negotiation', async () => {
    const first = await get('/petlist', { 'accept-encoding': 'gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/html/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(first)).toString()).toContain('<div id="root">');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const p of ['/', '/petlist', '/dashboard/all-pets', '/index.html']) {
      const again = await get(p, { 'accept-encoding': 'gzip, br', 'if-none-match': etag });
      expect(again.status, p).toBe(304);
    }
    const changed = await get('/', { 'accept-encoding': 'gzip, br', 'if-none-match': '"other"' });
    expect(changed.status).toBe(200);
  });

  it('never serves source maps, the twins themselves or the build manifest: 404 that nobody stores', async () => {
    for (const p of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/.vite/manifest.json',
      '/%2Evite/manifest.json',
    ]) {
      const res = await get(p, { 'accept-encoding': 'br, gzip' });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
      expect(await res.text(), p).not.toContain('"version":3');
    }
  });
});

describe('answerHtml: a page made for the request', () => {
  const page = `<!doctype html><title>Bella</title>${'<p>A friendly dog.</p>'.repeat(200)}`;
  const app = new Hono();
  app.get('/page', (c) => answerHtml(c, page));
  app.get('/missing', (c) => answerHtml(c, page, 404));
  app.get('/tiny', (c) => answerHtml(c, '<p>hi</p>'));

  it('compresses by Accept-Encoding with its length, a strong ETag per encoding, and answers 304 to it', async () => {
    const res = await app.request('/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(gunzipSync(body).toString()).toBe(page);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+-gzip"$/);
    const again = await app.request('/page', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': `"x", ${etag}` },
    });
    expect(again.status).toBe(304);
    const plain = await app.request('/page', { headers: { 'if-none-match': etag } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(page);
  });

  it('never answers 304 for an error page, and leaves a tiny page as it is', async () => {
    const first = await app.request('/missing');
    const again = await app.request('/missing', {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(404);
    const tiny = await app.request('/tiny', { headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('<p>hi</p>');
  });
});
