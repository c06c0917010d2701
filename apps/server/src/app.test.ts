import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

describe('serving the built web app', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestContext({ WEB_DIST_DIR: dist });
  });
  afterAll(() => ctx.close());

  it('answers / with index.html', async () => {
    const res = await ctx.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="root">');
  });

  it('answers any other non-API path, directories included, with index.html, revalidated', async () => {
    for (const p of [
      '/petlist',
      '/no/such/page',
      '/dashboard/',
      '/dashboard/x',
      '/pets/5f0c3b0e-8a52-4d0f-9a55-0d7f0e6b2f41',
      '/update-pet/abc',
    ]) {
      const res = await ctx.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(res.text, p).toContain('<div id="root">');
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });

  it('serves files, hashed assets with a long cache, other files revalidated', async () => {
    const asset = await ctx.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/svg/);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset, or any missing path with a file extension, 404 that nobody stores', async () => {
    for (const p of [
      '/assets/missing.js',
      '/assets/does-not-exist.css',
      '/assets/sub/none',
      '/assets/',
      '/assets',
      '/something.png',
      '/favicon-missing.png',
      '/foo.js',
      '/x.map',
      '/pets/old-chunk.js',
      '/.env',
    ]) {
      const res = await ctx.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
      expect(res.headers.get('content-type'), p).not.toMatch(/html|javascript/);
      expect(res.text, p).not.toContain('<div id="root">');
    }
    const head = await ctx.app.request('http://localhost:3000/assets/missing.js', {
      method: 'HEAD',
    });
    expect(head.status).toBe(404);
    expect(head.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await ctx.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.code).toBeTruthy();
  });
});

describe('Strict-Transport-Security', () => {
  const contexts: TestContext[] = [];
  const hstsOf = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
    const ctx = await createTestContext(env);
    contexts.push(ctx);
    const res = await ctx.request('/api/health', { headers });
    expect(res.status).toBe(200);
    // The other security headers are sent either way.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // a page, which gets the page's set of headers (decision 055), the same way
    const page = await ctx.request('/robots.txt', { headers });
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toBe(
      res.headers.get('strict-transport-security'),
    );
    return res.headers.get('strict-transport-security');
  };
  afterAll(() => Promise.all(contexts.map((c) => c.close())));

  it('is absent when the site is served over http (PUBLIC_URL http://...)', async () => {
    expect(await hstsOf({ PUBLIC_URL: 'http://localhost:3000' })).toBeNull();
    // A proxy claiming https does not pin a site configured for http.
    expect(
      await hstsOf(
        { PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'true' },
        { 'x-forwarded-proto': 'https' },
      ),
    ).toBeNull();
  });

  it('is present when PUBLIC_URL is https', async () => {
    expect(await hstsOf({ PUBLIC_URL: 'https://pets.example.org' })).toMatch(/max-age=\d+/);
  });

  it('with TRUST_PROXY follows X-Forwarded-Proto', async () => {
    const env = { PUBLIC_URL: 'https://pets.example.org', TRUST_PROXY: 'true' };
    expect(await hstsOf(env, { 'x-forwarded-proto': 'https' })).toMatch(/max-age=\d+/);
    expect(await hstsOf(env, { 'x-forwarded-proto': 'http' })).toBeNull();
  });
});
