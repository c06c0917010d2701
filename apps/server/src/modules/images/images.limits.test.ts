import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  useTestContext,
  useUsers,
  type TestContext,
} from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import { grayscalePng } from '../../../test/helpers/png';
import { largePhotoJpeg } from '../../../test/helpers/pictures';
import { imageUploads } from '../../db/schema/index';
import { storeUpload } from './images.service';

/** Contexts made inside tests (each with the configuration it needs), closed at the end. */
const contexts: TestContext[] = [];
async function context(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  return ctx;
}
afterAll(() => Promise.all(contexts.map((c) => c.close())));

function form(data: Buffer, filename = 'a.png') {
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(data)]), filename);
  return fd;
}
const upload = (ctx: TestContext, token: string, data: Buffer) =>
  ctx.request('/api/images', { method: 'POST', token, body: form(data) });

const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .png()
    .toBuffer();

/** A real, fully valid grayscale PNG whose every pixel is 0 (stays small even at 39,000,000 rows). */
const blankPng = (width: number, height: number) => grayscalePng(width, height);

const uploadsOf = async (ctx: TestContext, userId: string) =>
  (
    await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(imageUploads)
      .where(eq(imageUploads.userId, userId))
  )[0]!.n;

describe('pictures refused from their header, before decoding', () => {
  const ctx = useTestContext();
  const { alice } = useUsers(ctx, { alice: {} });

  beforeAll(async () => {
    // sharp loaded and warm, so the timings below are the refusal's alone.
    expect((await upload(ctx, alice.token, await flat(20, 20))).status).toBe(201);
  });

  it('refuses a 76 KB PNG of 1 x 39,000,000 pixels at once, without decoding it', async () => {
    const png = blankPng(1, 39_000_000);
    expect(png.length).toBeLessThan(100_000);
    // It is a valid picture: sharp reads its header like any other.
    const meta = await sharp(png, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 39_000_000]);

    const queue = ctx.deps.imageQueue;
    const decodedBefore = queue.started;
    const countedBefore = await uploadsOf(ctx, alice.id);

    // The check itself, without HTTP or the database: from the header only.
    const began = performance.now();
    const refusal = await storeUpload(ctx.deps, png, alice.id).catch((err: unknown) => err);
    const checkMs = performance.now() - began;
    expect(refusal).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(checkMs).toBeLessThan(100);

    // Through HTTP: a clear 400 naming the field. (Decoding it took about 8 s of CPU; the bound
    // is generous so a busy machine cannot make it flaky.)
    const httpBegan = performance.now();
    const res = await upload(ctx, alice.token, png);
    expect(performance.now() - httpBegan).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.issues).toEqual([
      { path: 'form.image', message: expect.stringMatching(/too long and narrow/) },
    ]);

    // Nothing was decoded, and nothing counted against the user's uploads.
    expect(queue.started).toBe(decodedBefore);
    expect(await uploadsOf(ctx, alice.id)).toBe(countedBefore);
  });

  it('refuses a long side over 20 times the short side, either way round; 20 is fine', async () => {
    for (const [w, h] of [
      [2100, 100],
      [60, 1300],
    ] as const) {
      const res = await upload(ctx, alice.token, await flat(w, h));
      expect(res.status, `${w}x${h}`).toBe(400);
      expect(res.body.issues[0].path).toBe('form.image');
    }
    expect((await upload(ctx, alice.token, await flat(2000, 100))).status).toBe(201);
    expect((await upload(ctx, alice.token, await flat(50, 1000))).status).toBe(201);
  });

  it('still refuses over 40 megapixels from the header with 413', async () => {
    const decodedBefore = ctx.deps.imageQueue.started;
    const res = await upload(ctx, alice.token, blankPng(8000, 6000));
    expect(res.status).toBe(413);
    expect(res.body.issues[0].path).toBe('form.image');
    expect(ctx.deps.imageQueue.started).toBe(decodedBefore);
  });
});

describe('per-user upload limit', () => {
  const ctx = useTestContext({
    IMAGE_UPLOAD_RATE_LIMIT_MAX: '3',
    IMAGE_UPLOAD_RATE_LIMIT_WINDOW_SECONDS: '60',
  });

  it('answers 429 RATE_LIMITED with Retry-After beyond the limit; other users are not affected', async () => {
    const bob = await createUser(ctx.database.db);
    const png = await flat(40, 30);
    // The same picture again is the same image, but another upload: it counts.
    for (let i = 0; i < 3; i++) expect((await upload(ctx, bob.token, png)).status).toBe(201);
    const refused = await upload(ctx, bob.token, png);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const carol = await createUser(ctx.database.db);
    expect((await upload(ctx, carol.token, png)).status).toBe(201);
  });

  it('counts a picture that fails to decode (it cost the CPU all the same)', async () => {
    const dan = await createUser(ctx.database.db);
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#123456' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    // Header intact, pixel data cut short: refused as damaged after decoding began.
    const damaged = png.subarray(0, Math.floor(png.length / 2));
    expect((await upload(ctx, dan.token, damaged)).status).toBe(400);
    expect(await uploadsOf(ctx, dan.id)).toBe(1);
  });

  it('holds when many uploads of one user arrive at once (counted under a database lock)', async () => {
    // With PostgreSQL each request runs on its own pooled connection, as two server processes
    // would: only the row lock in the database keeps them from all taking the last slots.
    const erin = await createUser(ctx.database.db);
    const png = await flat(32, 32);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => upload(ctx, erin.token, png).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await uploadsOf(ctx, erin.id)).toBe(3);
  });
});

describe('bounded image processing', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when the processing line is full', async () => {
    const ctx = await context({ IMAGE_CONCURRENCY: '1', IMAGE_QUEUE_MAX: '0' });
    const frank = await createUser(ctx.database.db);
    const queue = ctx.deps.imageQueue;
    let release!: () => void;
    const occupied = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      expect(queue.full).toBe(true);
      const res = await upload(ctx, frank.token, await flat(40, 30));
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Refused before it was counted: the user's uploads are not used up by a busy server.
      expect(await uploadsOf(ctx, frank.id)).toBe(0);
    } finally {
      release();
      await occupied;
    }
    expect((await upload(ctx, frank.token, await flat(40, 30))).status).toBe(201);
  });

  // Ten 30-megapixel decodes one at a time: about 25 s on an idle 2-core machine, more under load.
  // Nothing here waits on the clock; the limit only stops a hung run.
  it(
    'keeps answering GET /api/pets while ten large uploads are processed',
    { timeout: 120_000 },
    async () => {
      const ctx = await context({
        IMAGE_CONCURRENCY: '1',
        IMAGE_QUEUE_MAX: '16',
        IMAGE_UPLOAD_RATE_LIMIT_MAX: '100',
      });
      const gina = await createUser(ctx.database.db);
      // A 30-megapixel photo-like JPEG, well under 10 MB.
      const jpeg = await largePhotoJpeg();

      const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const queue = ctx.deps.imageQueue;
      try {
        let finished = 0;
        const uploads = Array.from({ length: 10 }, () =>
          fetch(`${base}/api/images`, {
            method: 'POST',
            headers: { authorization: `Bearer ${gina.token}` },
            body: form(jpeg, 'photo.jpg'),
          }).then(async (res) => {
            finished += 1;
            return { status: res.status, body: await res.text() };
          }),
        );
        // Polls until every upload has answered (bounded by the test's timeout), checking each
        // list answer and counting those that came while uploads were still being processed.
        let answeredDuringUploads = 0;
        let mostActive = 0;
        while (finished < 10) {
          const res = await fetch(`${base}/api/pets`);
          expect(res.status).toBe(200);
          expect(Array.isArray(await res.json())).toBe(true);
          mostActive = Math.max(mostActive, queue.active);
          if (finished < 10 && queue.active + queue.waiting > 0) answeredDuringUploads += 1;
        }
        const results = await Promise.all(uploads);
        expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
        expect(answeredDuringUploads).toBeGreaterThanOrEqual(3);
        // Never more pictures decoded at once than IMAGE_CONCURRENCY.
        expect(mostActive).toBeLessThanOrEqual(1);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );
});
