import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/helpers/test-app';
import { expectError } from '../../../test/helpers/expect';
import { createUser } from '../../../test/helpers/factories';
import { readinessSchema } from '@pet-haven/shared/system';
import { issueAccessToken } from '../../auth/token';
import { createApp } from '../../app';
import type { ImageStorage } from '../images/images.storage';

const ctx = useTestContext();

describe('system routes', () => {
  it('GET /api/health answers ok (always)', async () => {
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers ready with the database, Redis (unused here) and the store', async () => {
    const res = await ctx.request('/api/ready');
    expect(res.status).toBe(200);
    expect(readinessSchema.parse(res.body)).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not-used', storage: 'ok' },
    });
  });

  it('GET /api/ready answers 503 while the process drains, and the other routes still answer', async () => {
    const app = createApp({ ...ctx.deps, readiness: { ready: true, draining: true } });
    const ready = await app.request('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'This server is shutting down.',
    });
    expect((await app.request('/api/pets')).status).toBe(200);
  });

  it('GET /api/ready reports a store it cannot write to, and stays ready', async () => {
    // the same store, but its check fails (a full or read-only disk)
    const broken = Object.assign(Object.create(ctx.deps.imageStorage) as ImageStorage, {
      ping: () => Promise.reject(new Error('EACCES')),
    });
    const app = createApp({ ...ctx.deps, imageStorage: broken });
    const ready = await app.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(readinessSchema.parse(await ready.json()).checks.storage).toBe('unreachable');
  });

  it('publishes the OpenAPI document and a docs page', async () => {
    const doc = await ctx.request('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/health');
    const page = await ctx.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    const asset = await ctx.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const styles = await ctx.request('/api/docs/assets/swagger-ui.css');
    expect(styles.status).toBe(200);
    expect(styles.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const start = await ctx.request('/api/docs/assets/docs-init.js');
    expect(start.text).toContain('SwaggerUIBundle');
    // no other file of the package, nor a name of an object's prototype
    for (const other of ['package.json', 'index.html', '__proto__', 'constructor']) {
      expectError(await ctx.request(`/api/docs/assets/${other}`), 404, 'NOT_FOUND');
    }
  });

  it("routes by hono's RegExpRouter, the faster of the two it picks from", async () => {
    await ctx.request('/api/health');
    // a route it cannot take (a static path beside a parameter's pattern) makes hono fall back to
    // its TrieRouter for every request
    expect(ctx.app.router.name).toBe('SmartRouter + RegExpRouter');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    expectError(await ctx.request('/api/no-such-thing'), 404, 'NOT_FOUND');
  });

  it('sets security headers', async () => {
    const res = await ctx.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("gives a JSON answer, an error's too, a policy that loads nothing, and a page the page's", async () => {
    // a 200, a route's 404, and an error thrown on the way (answered by the error handler)
    for (const path of ['/api/health', '/api/no-such-route', '/api/pets?limit=0']) {
      const res = await ctx.request(path);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // a page's browser switches mean nothing to data
      expect(res.headers.get('origin-agent-cluster')).toBeNull();
      expect(res.headers.get('x-xss-protection')).toBeNull();
    }
    const page = await ctx.request('/robots.txt');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('origin-agent-cluster')).toBe('?1');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses bodies over the JSON limit with 413', async () => {
    const res = await ctx.request('/api/health', {
      method: 'POST',
      json: JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('bearer authentication', () => {
  it('refuses a forged, malformed or expired token with 401, and accepts a valid one', async () => {
    const u = await createUser(ctx.database.db);
    const ok = await ctx.request('/api/health', { token: u.token });
    expect(ok.status).toBe(200);

    const forged = issueAccessToken(
      { sub: u.id, sid: u.sessionId, email: u.email },
      'another-secret-another-secret-1234',
    );
    expect((await ctx.request('/api/health', { token: forged.token })).status).toBe(401);
    expect((await ctx.request('/api/health', { token: 'not.a.jwt' })).status).toBe(401);
    expect(
      (await ctx.request('/api/health', { headers: { authorization: 'Basic abc' } })).status,
    ).toBe(401);

    const expired = issueAccessToken(
      { sub: u.id, sid: u.sessionId, email: u.email },
      ctx.deps.config.authSecret,
      Date.now() - 16 * 60 * 1000,
    );
    expectError(await ctx.request('/api/health', { token: expired.token }), 401, 'UNAUTHORIZED');
  });
});
