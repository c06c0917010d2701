import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import { publicConfigSchema } from '@pet-haven/shared/users';
import type { AppDeps } from '../../app-deps';
import { type DependencyStatus, readinessSchema } from '@pet-haven/shared/system';
import { AppError } from '../../lib/errors';
import { withinMs } from '../../lib/readiness';
import { createRouter, declareRoutes, jsonContent } from '../../lib/openapi';
import { presentPublicConfig } from './system.presenter';

const route = declareRoutes('System');

/** Each service's check answers within this, or counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

/** 'ok', or what went wrong (logged by the caller). */
const check = (work: Promise<void>, what: string): Promise<'ok' | Error> =>
  withinMs(work, CHECK_TIMEOUT_MS, what).then(
    () => 'ok' as const,
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );

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
const docsInit = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs' });`;

export function createSystemRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(healthRoute, (c) => c.json({ status: 'ok' as const }, 200));

  router.openapi(readyRoute, async (c) => {
    if (deps.readiness.draining) {
      throw new AppError('SERVICE_UNAVAILABLE', 'This server is shutting down.');
    }
    const logger = c.get('logger');
    const [database, redis, storage] = await Promise.all([
      check(deps.database.ping(), 'The database'),
      deps.counters.kind === 'redis' ? check(deps.counters.ping(), 'Redis') : 'not-used',
      check(deps.imageStorage.ping(), 'The object store'),
    ] as const);
    if (database !== 'ok') {
      logger.warn({ err: database }, 'Readiness check failed');
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
    }
    for (const [name, answer] of [
      ['redis', redis],
      ['storage', storage],
    ] as const) {
      if (typeof answer !== 'string') logger.warn({ err: answer, service: name }, 'Not reachable');
    }
    const status = (answer: DependencyStatus | Error) =>
      typeof answer === 'string' ? answer : ('unreachable' as const);
    return c.json(
      {
        status: 'ready' as const,
        checks: { database: 'ok' as const, redis: status(redis), storage: status(storage) },
      },
      200,
    );
  });

  router.openapi(configRoute, (c) => c.json(presentPublicConfig(deps.config), 200));

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
