import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers/test-app';
import { compressAnswers, isCompressible, negotiateEncoding } from './compression';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.9, gzip;q=0.9', 'br'],
    ['gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['br;q=nonsense, gzip;q=0.2', 'gzip'],
  ])('%j -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('chooses among what is available only', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
    expect(negotiateEncoding('br, gzip', [])).toBeNull();
  });

  it('knows text from what is compressed already', () => {
    for (const type of [
      'application/json',
      'application/problem+json',
      'text/html; charset=UTF-8',
      'text/javascript',
      'application/xml',
      'image/svg+xml',
    ]) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of [
      'image/webp',
      'image/png',
      'application/octet-stream',
      'text/event-stream',
    ]) {
      expect(isCompressible(type), type).toBe(false);
    }
  });
});

describe('answers compressed on the fly', () => {
  const ctx = useTestContext();
  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
    ctx.app.request(`http://localhost:3000${p}`, { method, headers });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it.each(['br', 'gzip'] as const)(
    'compresses API JSON over 1 KB with %s, its Content-Length and Vary',
    async (encoding) => {
      const plain = await get('/api/openapi.json');
      const document = await plain.text();
      expect(document.length).toBeGreaterThan(1024);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

      const res = await get('/api/openapi.json', { 'accept-encoding': `${encoding}, deflate` });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = await bytes(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBeLessThan(document.length / 4);
      const decoded = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      expect(decoded.toString()).toBe(document);
    },
  );

  it('leaves a JSON answer under 1 KB as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('compresses an error answer too, keeping its status and headers', async () => {
    const app = new Hono();
    app.use(compressAnswers());
    app.get('/refused', (c) => {
      c.header('Retry-After', '60');
      return c.json({ code: 'RATE_LIMITED', message: 'Too many attempts. '.repeat(100) }, 429);
    });
    const res = await app.request('/refused', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytes(res)).toString()).code).toBe('RATE_LIMITED');
  });

  it('streams other text compressed (no Content-Length), and leaves HEAD alone', async () => {
    const plain = await bytes(await get('/api/docs/assets/swagger-ui-bundle.js'));
    const res = await get('/api/docs/assets/swagger-ui-bundle.js', { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBeNull();
    expect(brotliDecompressSync(await bytes(res)).equals(plain)).toBe(true);

    const head = await get('/api/openapi.json', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();
  });
});
