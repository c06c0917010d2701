import path from 'node:path';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseHostedImageUrl } from '@pet-haven/shared/images';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { grayscalePng } from '../../../test/helpers/png';

const ctx = useTestContext();
const { alice } = useUsers(ctx, { alice: {} });

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

function form(data: Buffer, filename: string, type = 'application/octet-stream') {
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(data)], { type }), filename);
  return fd;
}

const upload = (
  data: Buffer,
  filename: string,
  token: string | null = alice.token,
  type?: string,
) =>
  ctx.request('/api/images', {
    method: 'POST',
    token: token ?? undefined,
    body: form(data, filename, type),
  });

/** A PNG whose header claims huge dimensions while the file stays tiny (a decompression bomb). */
const pngBomb = (width: number, height: number) => grayscalePng(width, height, 1);

describe('POST /api/images', () => {
  it('refuses anonymous callers with 401', async () => {
    const res = await upload(await picture(10, 10, 'png'), 'a.png', null);
    expect(res.status).toBe(401);
  });

  it('stores a PNG in every width up to 1600 as WebP and serves it with cache headers', async () => {
    const res = await upload(await picture(2000, 1000, 'png'), 'big.png', alice.token, 'image/png');
    expect(res.status).toBe(201);
    const url: string = res.body.data.display_url;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}-1600w\.webp$/);
    const { id } = parseHostedImageUrl(url)!;
    for (const [w, h] of [
      [400, 200],
      [800, 400],
      [1600, 800],
    ]) {
      const file = await ctx.request(`/api/images/${id}-${w}w.webp`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      const served = await ctx.app.request(`http://localhost:3000/api/images/${id}-${w}w.webp`);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, h]);
    }
  });

  it('never upscales: a small picture is stored at its own width only', async () => {
    const res = await upload(await picture(300, 200, 'webp'), 'small.webp');
    expect(res.status).toBe(201);
    expect(res.body.data.display_url).toMatch(/-300w\.webp$/);
    const { id } = parseHostedImageUrl(res.body.data.display_url)!;
    expect((await ctx.request(`/api/images/${id}-400w.webp`)).status).toBe(404);
  });

  it('decides the type from the bytes: a PNG named .txt is accepted', async () => {
    const res = await upload(await picture(50, 40, 'png'), 'notes.txt', alice.token, 'text/plain');
    expect(res.status).toBe(201);
  });

  it.each(['gif', 'avif', 'jpeg'] as const)('accepts %s', async (format) => {
    const res = await upload(await picture(64, 48, format), `p.${format}`);
    expect(res.status).toBe(201);
  });

  it('refuses a text file named .png with 415', async () => {
    const res = await upload(
      Buffer.from('hello, this is not a picture\n'),
      'cat.png',
      alice.token,
      'image/png',
    );
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.message).toMatch(/JPEG, PNG, WebP, GIF or AVIF/);
  });

  it('refuses SVG and TIFF (readable by sharp, but not accepted) with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await upload(svg, 'a.svg', alice.token, 'image/svg+xml')).status).toBe(415);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expect((await upload(tiff, 'a.png')).status).toBe(415);
  });

  it('answers 400 for a damaged picture and a missing field, 415 for a non-multipart body', async () => {
    const png = await picture(200, 200, 'png');
    const res = await upload(png.subarray(0, 60), 'cut.png');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('form.image');

    const fd = new FormData();
    fd.append('picture', new Blob([new Uint8Array(png)]), 'a.png');
    const missing = await ctx.request('/api/images', {
      method: 'POST',
      token: alice.token,
      body: fd,
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.issues)).toContain('image');

    const json = await ctx.request('/api/images', { token: alice.token, json: { image: 'x' } });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(json.body.message).toMatch(/multipart/);
  });

  it('strips GPS and all other metadata and applies the EXIF orientation', async () => {
    const jpeg = await sharp({
      create: { width: 240, height: 120, channels: 3, background: { r: 10, g: 200, b: 90 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2980/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4010/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const inMeta = await sharp(jpeg).metadata();
    expect(inMeta.exif?.includes(Buffer.from('TestCam'))).toBe(true);
    expect(inMeta.orientation).toBe(6);
    // The GPS IFD pointer tag (0x8825) is in the original.
    expect(
      inMeta.exif!.includes(Buffer.from([0x88, 0x25])) ||
        inMeta.exif!.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);

    const res = await upload(jpeg, 'holiday.jpg', alice.token, 'image/jpeg');
    expect(res.status).toBe(201);
    const { id, width } = parseHostedImageUrl(res.body.data.display_url)!;
    const onDisk = path.join(
      ctx.deps.config.dataDir,
      'images',
      id.slice(0, 2),
      `${id}-${width}w.webp`,
    );
    expect(existsSync(onDisk)).toBe(true);
    const meta = await sharp(onDisk).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Rotated by 90 degrees: portrait now.
    expect([meta.width, meta.height]).toEqual([120, 240]);
  });

  it('refuses a body over 10 MB with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    big.set(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));
    const res = await upload(big, 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a decompression bomb (over 40 megapixels) with 413', async () => {
    const bomb = pngBomb(8000, 6000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(bomb, 'bomb.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/megapixels/);
  });

  it('stores the same picture once (same content, same name)', async () => {
    const png = await picture(120, 90, 'png');
    const a = await upload(png, 'a.png');
    const b = await upload(png, 'b.png');
    expect(a.body.data.display_url).toBe(b.body.data.display_url);
  });
});

describe('GET /api/images/{file}', () => {
  const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  const fetchFile = async (path: string, accept?: string) => {
    const res = await ctx.app.request(`http://localhost:3000${path}`, {
      headers: accept ? { accept } : {},
    });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('answers a browser that accepts AVIF with the AVIF twin of each size, others with WebP', async () => {
    const photo = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(photo, 'photo.jpg');
    const { id } = parseHostedImageUrl(res.body.data.display_url as string)!;
    for (const w of [400, 800]) {
      const path = `/api/images/${id}-${w}w.webp`;
      const avif = await fetchFile(path, BROWSER_ACCEPT);
      expect(avif.res.status).toBe(200);
      expect(avif.res.headers.get('content-type')).toBe('image/avif');
      expect(avif.res.headers.get('vary')).toBe('Accept');
      expect(avif.res.headers.get('content-length')).toBe(String(avif.bytes.length));
      expect(avif.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(avif.bytes).metadata();
      expect([meta.format, meta.width]).toEqual(['heif', w]);
      expect(meta.compression).toBe('av1');

      for (const accept of [undefined, 'image/webp,*/*', 'image/avif;q=0,image/webp']) {
        const webp = await fetchFile(path, accept);
        expect(webp.res.headers.get('content-type'), accept).toBe('image/webp');
        expect(webp.res.headers.get('vary'), accept).toBe('Accept');
        expect((await sharp(webp.bytes).metadata()).format, accept).toBe('webp');
      }
    }
    // the link preview is one JPEG for everyone
    const preview = await fetchFile(`/api/images/${id}-1200x630.jpg`, BROWSER_ACCEPT);
    expect(preview.res.headers.get('content-type')).toBe('image/jpeg');
    expect(preview.res.headers.get('vary')).toBeNull();
  });

  it('answers WebP for a picture stored before AVIF twins were made', async () => {
    const res = await upload(await picture(900, 600, 'png'), 'old.png');
    const { id } = parseHostedImageUrl(res.body.data.display_url as string)!;
    await ctx.deps.imageStorage.delete(`${id}-800w.avif`);
    const answer = await fetchFile(`/api/images/${id}-800w.webp`, BROWSER_ACCEPT);
    expect(answer.res.status).toBe(200);
    expect(answer.res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(answer.bytes).metadata()).format).toBe('webp');
  });

  it('answers 404 for unknown and malformed names', async () => {
    expect((await ctx.request(`/api/images/${'a'.repeat(64)}-400w.webp`)).status).toBe(404);
    expect((await ctx.request('/api/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await ctx.request('/api/images/x.webp')).status).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await ctx.request('/api/openapi.json');
    expect(doc.body.paths['/images']).toBeDefined();
    expect(doc.body.paths['/images/{file}']).toBeDefined();
  });
});
