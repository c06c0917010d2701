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

  it('answers any other non-API path, directories included, with index.html', async () => {
    for (const p of ['/petlist', '/no/such/page', '/dashboard/', '/assets/']) {
      const res = await ctx.request(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('<div id="root">');
    }
  });

  it('serves files, hashed assets with a long cache', async () => {
    const asset = await ctx.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const icon = await ctx.request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/svg/);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await ctx.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.code).toBeTruthy();
  });
});
