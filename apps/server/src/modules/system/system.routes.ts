import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { publicConfigSchema } from '@pet-haven/shared/users';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { createRouter, jsonContent } from '../../lib/openapi';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'The process is up',
  responses: { 200: jsonContent(z.object({ status: z.literal('ok') }), 'Up') },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['System'],
  summary: 'The database is reachable',
  responses: {
    200: jsonContent(z.object({ status: z.literal('ready') }), 'Ready'),
    503: jsonContent(z.object({ code: z.string(), message: z.string() }), 'Database unreachable'),
  },
});

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['System'],
  summary: 'What the web app needs to know: sign-in providers and the payment provider',
  responses: { 200: jsonContent(publicConfigSchema, 'Public configuration') },
});

const swaggerDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const docsHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pet Haven API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs-init.js"></script></body></html>`;
const docsInit = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs' });`;

export function createSystemRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(healthRoute, (c) => c.json({ status: 'ok' as const }, 200));

  router.openapi(readyRoute, async (c) => {
    try {
      await deps.database.ping();
    } catch (err) {
      c.get('logger').warn({ err }, 'Readiness check failed');
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable.');
    }
    return c.json({ status: 'ready' as const }, 200);
  });

  router.openapi(configRoute, (c) =>
    c.json(
      {
        providers: { google: deps.config.google !== null, github: deps.config.github !== null },
        payments: deps.config.stripe
          ? { provider: 'stripe' as const, publishableKey: deps.config.stripe.publishableKey }
          : { provider: 'test' as const, publishableKey: null },
      },
      200,
    ),
  );

  router.get('/docs', (c) => c.html(docsHtml));
  router.get('/docs/assets/docs-init.js', (c) =>
    c.body(docsInit, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  router.get('/docs/assets/:file{swagger-ui\\.css|swagger-ui-bundle\\.js}', async (c) => {
    const file = c.req.param('file');
    const body = await readFile(path.join(swaggerDir, file));
    const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
    return c.body(body, 200, {
      'content-type': `${type}; charset=utf-8`,
      'cache-control': 'public, max-age=86400',
    });
  });

  return router;
}
