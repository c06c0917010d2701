import { previewImageUrl } from '@pet-haven/shared/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadPicture } from '../../../test/helpers/pictures';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { sweepUnusedImages } from './images.service';
import { previewFileName } from './images.storage';

/** The link preview of every picture (decision 021): 1200x630 JPEG, made on upload or on first request. */
const ctx = useTestContext({ IMAGE_GRACE_MINUTES: '0' });
const { alice } = useUsers(ctx, { alice: {} });

const idOf = (displayUrl: string) => /([0-9a-f]{64})-\d+w\.webp$/.exec(displayUrl)![1]!;

async function expectPreview(url: string) {
  const res = await ctx.app.request(`http://localhost:3000${url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
}

describe('link preview pictures', () => {
  it('are stored with every upload, whatever its shape', async () => {
    for (const size of [
      { width: 500, height: 300 },
      { width: 64, height: 480 },
    ]) {
      const displayUrl = await uploadPicture(ctx, alice.token, size);
      const id = idOf(displayUrl);
      expect(await ctx.deps.imageStorage.exists(previewFileName(id))).toBe(true);
      await expectPreview(previewImageUrl(displayUrl)!);
    }
  });

  it('are made on first request for a picture stored without one, and kept', async () => {
    const displayUrl = await uploadPicture(ctx, alice.token, { width: 800, height: 600 });
    const id = idOf(displayUrl);
    // as if stored before previews existed
    await ctx.deps.imageStorage.delete(previewFileName(id));
    expect(await ctx.deps.imageStorage.exists(previewFileName(id))).toBe(false);

    await expectPreview(previewImageUrl(displayUrl)!);
    expect(await ctx.deps.imageStorage.exists(previewFileName(id))).toBe(true);
  });

  it('answer 404 for a picture that does not exist', async () => {
    const res = await ctx.request(`/api/images/${'ab'.repeat(32)}-1200x630.jpg`);
    expect(res.status).toBe(404);
    for (const name of ['x-1200x630.jpg', `${'ab'.repeat(32)}-1200x631.jpg`]) {
      expect((await ctx.request(`/api/images/${name}`)).status).toBe(404);
    }
  });

  it('go with their picture when it is deleted', async () => {
    const displayUrl = await uploadPicture(ctx, alice.token);
    const id = idOf(displayUrl);
    await sweepUnusedImages(ctx.deps);
    expect(await ctx.deps.imageStorage.exists(previewFileName(id))).toBe(false);
    expect((await ctx.request(previewImageUrl(displayUrl)!)).status).toBe(404);
  });
});
