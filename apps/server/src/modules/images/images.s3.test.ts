import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../../test/helpers/s3-peer';
import { testConfig } from '../../../test/helpers/test-config';
import { addPetVia } from '../../../test/helpers/pets';
import { expectError } from '../../../test/helpers/expect';
import { distinctPng, imageForm, uploadPicture } from '../../../test/helpers/pictures';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { S3ImageStorage } from './images.storage';
import { sweepUnusedImages } from './images.service';

// Images in an S3-compatible bucket (S3_BUCKET): a real S3 server (s3rver) in this process.
let s3: S3Peer;
beforeAll(async () => {
  s3 = await startS3Peer();
});
afterAll(() => s3.close());

const ctx = useTestContext(() => ({ ...s3.env, IMAGE_GRACE_MINUTES: '0' }));
const { owner } = useUsers(ctx, { owner: { name: 'Olive Owner' } });

describe('S3ImageStorage', () => {
  it('puts, reads, tells and deletes objects; a missing one is null, deleting it twice is fine', async () => {
    const storage = new S3ImageStorage(testConfig(s3.env).s3!);
    const name = `${'cd'.repeat(32)}-400w.webp`;
    expect(await storage.get(name)).toBeNull();
    expect(await storage.exists(name)).toBe(false);
    await storage.put(name, Buffer.from('a picture'));
    expect(await storage.exists(name)).toBe(true);
    expect(await storage.get(name)).toEqual(Buffer.from('a picture'));
    await storage.delete(name);
    await storage.delete(name);
    expect(await storage.get(name)).toBeNull();
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid image/);
  });

  it('the app stores uploads in the bucket, serves them from it, and releases them there', async () => {
    const storage = new S3ImageStorage(testConfig(s3.env).s3!);
    const url = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    const name = url.slice('/api/images/'.length);
    const id = name.slice(0, 64);
    const avif = name.replace(/\.webp$/, '.avif');
    const preview = `${id}-1200x630.jpg`;
    for (const file of [name, avif, preview]) expect(await storage.exists(file)).toBe(true);
    const served = await ctx.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    const pet = await addPetVia(ctx, owner.token, { petImage: url });
    expect(
      (await ctx.request(`/api/pet/${pet._id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(200);
    // every file of the picture goes: each width, its AVIF twin, the link preview
    for (const file of [name, avif, preview]) expect(await storage.exists(file)).toBe(false);
    expect((await ctx.request(url)).status).toBe(404);
  });

  it('a store that cannot be reached answers 503 with a clear body, and the app recovers without a restart', async () => {
    const url = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    await s3.stop();
    try {
      const upload = await ctx.request('/api/images', {
        method: 'POST',
        token: owner.token,
        body: imageForm(await distinctPng()),
      });
      expectError(upload, 503, 'SERVICE_UNAVAILABLE');
      expect(upload.body.message).toMatch(/picture store is not reachable/);
      expectError(await ctx.request(url), 503, 'SERVICE_UNAVAILABLE');
    } finally {
      await s3.start();
    }
    expect((await ctx.request(url)).status).toBe(200);
    expect(
      (
        await ctx.request('/api/images', {
          method: 'POST',
          token: owner.token,
          body: imageForm(await distinctPng()),
        })
      ).status,
    ).toBe(201);
  });

  it('a sweep while the store is down deletes nothing (no file is left that no row names); the next one does', async () => {
    const storage = new S3ImageStorage(testConfig(s3.env).s3!);
    const url = await uploadPicture(ctx, owner.token, { width: 500, height: 300 });
    const name = url.slice('/api/images/'.length);
    await s3.stop();
    try {
      await expect(sweepUnusedImages(ctx.deps)).rejects.toThrow();
    } finally {
      await s3.start();
    }
    // the row is still there, so are its files: the picture is served
    expect((await ctx.request(url)).status).toBe(200);
    expect(await sweepUnusedImages(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await storage.exists(name)).toBe(false);
    expect((await ctx.request(url)).status).toBe(404);
  });
});
