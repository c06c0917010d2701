import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import { issueAccessToken } from '../../auth/token';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('system routes', () => {
  it('GET /api/health answers ok', async () => {
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers ready when the database is reachable', async () => {
    const res = await ctx.request('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
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
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sets security headers', async () => {
    const res = await ctx.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('refuses bodies over the JSON limit with 413', async () => {
    const res = await ctx.request('/api/health', {
      method: 'POST',
      json: JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('bearer authentication', () => {
  it('refuses a forged, malformed or expired token with 401, and accepts a valid one', async () => {
    const u = await createUser(ctx.database.db);
    const ok = await ctx.request('/api/health', { token: u.token });
    expect(ok.status).toBe(200);

    const forged = await issueAccessToken(
      { sub: u.id, sid: u.sessionId, email: u.email },
      'another-secret-another-secret-1234',
    );
    expect((await ctx.request('/api/health', { token: forged.token })).status).toBe(401);
    expect((await ctx.request('/api/health', { token: 'not.a.jwt' })).status).toBe(401);
    expect(
      (await ctx.request('/api/health', { headers: { authorization: 'Basic abc' } })).status,
    ).toBe(401);

    const expired = await issueAccessToken(
      { sub: u.id, sid: u.sessionId, email: u.email },
      ctx.deps.config.authSecret,
      Date.now() - 16 * 60 * 1000,
    );
    const res = await ctx.request('/api/health', { token: expired.token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});
