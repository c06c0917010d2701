import sharp from 'sharp';
import type { Requester } from './test-app';

let colour = 0;

/**
 * A small PNG of one colour, clearly different from the previous one's (pictures are stored by
 * content, and WebP merges near colours), so every upload is a picture of its own.
 */
export function distinctPng(width = 64, height = 48): Promise<Buffer> {
  colour += 1;
  const background = { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 13) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The multipart body of POST /api/images, as the forms send it. */
export function imageForm(data: Buffer, filename = 'pet.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

/**
 * Uploads a distinct picture through POST /api/images and answers its display_url (`width` wide
 * pictures get a `-{width}w` rendition: 500 x 300 is the form's usual size).
 */
export async function uploadPicture(
  ctx: Requester,
  token: string,
  size: { width?: number; height?: number } = {},
): Promise<string> {
  const png = await distinctPng(size.width, size.height);
  const res = await ctx.request('/api/images', { method: 'POST', token, body: imageForm(png) });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.data.display_url as string;
}

/** A photo-like 30-megapixel JPEG (gradients and a fine pattern), about 0.6 MB: slow to decode. */
export async function largePhotoJpeg(): Promise<Buffer> {
  const [w, h] = [6000, 5000];
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      raw[i] = (x * 255) / w;
      raw[i + 1] = (y * 255) / h;
      raw[i + 2] = (x ^ y) & 255;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
