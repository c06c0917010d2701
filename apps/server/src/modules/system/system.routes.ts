import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import { publicConfigSchema } from '@pet-haven/shared/users';
import type { AppDeps } from '../../app-deps';
import { readinessSchema } from '@pet-haven/shared/system';
import { handleNotFound } from '../../lib/errors';
import { createRouter, declareRoutes, jsonContent } from '../../lib/openapi';
import { presentPublicConfig } from './system.presenter';
import { checkReadiness } from './system.service';

const route = declareRoutes('System');

const healthRoute = route.get('/health', {
  summary: 'The process is up',
  ok: [200, jsonContent(z.object({ status: z.literal('ok') }), 'Up')],
  errors: [],
});

const readyRoute = route.get('/ready', {
  summary:
    'This process takes requests: the database answers (Redis and the object store are reported)',
  ok: [200, jsonContent(readinessSchema, 'Ready')],
  errors: [[503, 'Database unreachable, or the process is shutting down']],
});

const configRoute = route.get('/config', {
  summary: 'What the web app needs to know: sign-in providers and the payment provider',
  ok: [200, jsonContent(publicConfigSchema, 'Public configuration')],
  errors: [],
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
/** The files of Swagger UI's package the docs page loads, with their types. */
const SWAGGER_FILES = new Map([
  ['swagger-ui.css', 'text/css'],
  ['swagger-ui-bundle.js', 'text/javascript'],
]);
const docsInit = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs' });`;

export function createSystemRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(healthRoute, (c) => c.json({ status: 'ok' as const }, 200));

  router.openapi(readyRoute, async (c) => c.json(await checkReadiness(deps, c.get('logger')), 200));

  router.openapi(configRoute, (c) => c.json(presentPublicConfig(deps.config), 200));

  router.get('/docs', (c) => c.html(docsHtml));
  // one route for the docs page's files, checked here: hono's RegExpRouter takes no static path
  // beside a parameter's pattern, and it is the faster of its routers for every request
  router.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    if (file === 'docs-init.js') {
      return c.body(docsInit, 200, { 'content-type': 'text/javascript; charset=utf-8' });
    }
    const type = SWAGGER_FILES.get(file);
    if (!type) return handleNotFound(c);
    return c.body(await readFile(path.join(swaggerDir, file)), 200, {
      'content-type': `${type}; charset=utf-8`,
      'cache-control': 'public, max-age=86400',
    });
  });

  return router;
}
