import { z } from '@hono/zod-openapi';
import { IMAGE_FIELD, IMAGE_MAX_BYTES, uploadAnswerSchema } from '@pet-haven/shared/images';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { AppError, invalidField, notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/hono-env';
import { createRouter, declareRoutes, jsonContent } from '../../lib/openapi';
import { presentUpload } from './images.presenter';
import {
  IMAGE_MAX_ASPECT_RATIO,
  readStoredFile,
  RetryLaterError,
  storeUpload,
  tooLarge,
} from './images.service';

/** Room for the multipart envelope around a file of IMAGE_MAX_BYTES. */
const MULTIPART_OVERHEAD = 64 * 1024;

const multipartOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the picture as multipart/form-data in the field "image".',
    );
  }
  await next();
};

const uploadLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: IMAGE_MAX_BYTES + MULTIPART_OVERHEAD,
  onError: () => {
    throw tooLarge();
  },
});

const route = declareRoutes('Images');

const uploadRoute = route.post('/images', {
  summary: 'Upload a picture (JPEG, PNG, WebP, GIF or AVIF, 10 MB and 40 megapixels at most)',
  description:
    'The type is decided from the bytes, the size from the header before anything is decoded. ' +
    'The picture is re-encoded to WebP, auto-rotated, stripped of all metadata and stored in ' +
    'several widths; `display_url` names the largest. Each user may upload ' +
    'IMAGE_UPLOAD_RATE_LIMIT_MAX pictures per IMAGE_UPLOAD_RATE_LIMIT_WINDOW_SECONDS (default 10 a ' +
    'minute); pictures are processed a few at a time, and a full line answers 503. Both answer ' +
    'Retry-After (seconds).',
  guard: signedIn,
  middleware: [multipartOnly, uploadLimit],
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            [IMAGE_FIELD]: z
              .custom<File>((v) => v instanceof File, {
                message: 'Attach the picture as the multipart field "image"',
              })
              .openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  ok: [201, jsonContent(uploadAnswerSchema, 'Stored; use data.display_url')],
  errors: [
    [
      400,
      `Damaged, missing, or its long side over ${IMAGE_MAX_ASPECT_RATIO} times its short side (issues name form.image)`,
    ],
    401,
    [413, 'Over 10 MB or over 40 megapixels'],
    [415, 'Not a JPEG, PNG, WebP, GIF or AVIF image'],
    [429, 'Too many uploads by this user lately; see Retry-After'],
    [503, 'Too many pictures being processed; see Retry-After'],
  ],
});

const fileRoute = route.get('/images/{file}', {
  summary:
    'A stored picture (WebP, or AVIF for a browser that accepts it; its 1200x630 link preview JPEG), cached for a year',
  request: {
    params: z.object({
      file: z
        .string()
        .max(100)
        .openapi({ example: `${'0'.repeat(64)}-800w.webp` }),
    }),
  },
  ok: [
    200,
    {
      description: 'The picture',
      content: {
        'image/webp': { schema: z.string().openapi({ format: 'binary' }) },
        'image/avif': { schema: z.string().openapi({ format: 'binary' }) },
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
  ],
  errors: [404, [503, 'A link preview is being made for too many pictures; see Retry-After']],
});

/** Whether an Accept header names `image/avif` with a weight above 0 (browsers send it for pictures). */
export function acceptsAvif(accept: string | undefined): boolean {
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    if (type.trim() !== 'image/avif') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

export function createImagesRoutes(deps: AppDeps) {
  const { imageBase } = deps.config;
  const router = createRouter();

  router.openapi(uploadRoute, async (c) => {
    const user = requireUser(c);
    const file = c.req.valid('form')[IMAGE_FIELD];
    if (!(file instanceof File)) {
      throw invalidField(
        `body.${IMAGE_FIELD}`,
        'Attach the picture as the multipart field "image"',
      );
    }
    if (file.size > IMAGE_MAX_BYTES) throw tooLarge();
    try {
      const stored = await storeUpload(deps, Buffer.from(await file.arrayBuffer()), user.id);
      return c.json(presentUpload(stored, imageBase), 201);
    } catch (err) {
      // Kept by the error handler's answer.
      if (err instanceof RetryLaterError) c.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  });

  router.openapi(fileRoute, async (c) => {
    const name = c.req.valid('param').file;
    // A WebP size is answered as AVIF to a browser that says it accepts it (decision 024): its
    // answer depends on Accept.
    const negotiated = name.endsWith('.webp');
    let file: Awaited<ReturnType<typeof readStoredFile>>;
    try {
      file = await readStoredFile(deps, name, acceptsAvif(c.req.header('accept')));
    } catch (err) {
      if (err instanceof RetryLaterError) c.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
    if (!file) throw notFound('No such picture.');
    return c.body(new Uint8Array(file.data), 200, {
      'content-type': file.type,
      'content-length': String(file.data.length),
      'cache-control': 'public, max-age=31536000, immutable',
      ...(negotiated ? { vary: 'Accept' } : {}),
      'x-content-type-options': 'nosniff',
    }) as never;
  });

  return router;
}
