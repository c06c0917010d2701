/**
 * Image sizes, types and URLs: plain values, no zod, so a page that shows pictures never loads the
 * schemas (images.ts re-exports them; decision 022).
 */

/** Uploads larger than this are refused with 413. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Images with more pixels than this (decompression bombs) are refused. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The widths the server stores of every upload (never upscaled: smaller originals stop early). */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
/** The multipart field that carries the file in POST /api/images. */
export const IMAGE_FIELD = 'image';
export const imageAcceptTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
/** For `<input type="file" accept>`; the server decides the real type from the bytes. */
export const IMAGE_ACCEPT = imageAcceptTypes.join(',');

/**
 * `/api/images/<64 hex>-<width>w.webp`, optionally behind an origin, or behind a base URL with a
 * path (IMAGE_PUBLIC_BASE_URL, e.g. a bucket's `https://store.example.org/bucket`).
 */
export const hostedImagePattern =
  /^(?:https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?)?\/api\/images\/([0-9a-f]{64})-(\d{1,5})w\.webp$/;

export interface ParsedImageUrl {
  /** The image id: SHA-256 of the processed image. */
  id: string;
  /** The width of the largest stored size (the one display_url names). */
  width: number;
  /** The part before `/api/images/` (an origin or a base URL), '' for a relative URL. */
  origin: string;
}

export function parseHostedImageUrl(url: string): ParsedImageUrl | null {
  const m = hostedImagePattern.exec(url);
  if (!m?.[1] || !m[2]) return null;
  return { id: m[1], width: Number(m[2]), origin: url.slice(0, url.lastIndexOf('/api/images/')) };
}

/** The URL of one stored size of an image, behind `origin` (an origin or a base URL, or ''). */
export const hostedImageUrl = (id: string, width: number, origin = '') =>
  `${origin}/api/images/${id}-${width}w.webp`;

/**
 * The link-preview picture of every image (Open Graph, Twitter card): 1200x630, the size the
 * preview readers ask for, cropped to fill; JPEG, which every one of them reads.
 */
export const PREVIEW_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/**
 * The preview picture of the image a display_url names (`/api/images/<sha256>-1200x630.jpg`,
 * behind `origin`), or null for a picture this server does not host.
 */
export function previewImageUrl(displayUrl: string, origin = ''): string | null {
  const parsed = parseHostedImageUrl(displayUrl);
  if (!parsed) return null;
  return `${origin}/api/images/${parsed.id}-${PREVIEW_IMAGE.width}x${PREVIEW_IMAGE.height}.jpg`;
}

/** The stored widths of an image whose largest size is `largest` px wide. */
export function storedWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** `sizes` for a card in the 1-2-3 column grid, and for the details page's picture. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';
export const DETAIL_IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * Turns a display_url into `<img src srcSet sizes>` so a phone picks a small size and never
 * downloads the largest. A URL this server does not host is answered as a plain `src`.
 *
 *   <img {...responsiveImage(pet.petImage, CARD_IMAGE_SIZES)} alt={pet.petName} />
 */
export function responsiveImage(displayUrl: string, sizes = CARD_IMAGE_SIZES): ResponsiveImage {
  const parsed = parseHostedImageUrl(displayUrl);
  if (!parsed) return { src: displayUrl };
  const widths = storedWidths(parsed.width);
  const fallback = widths.find((w) => w >= 800) ?? parsed.width;
  return {
    src: hostedImageUrl(parsed.id, fallback, parsed.origin),
    srcSet: widths.map((w) => `${hostedImageUrl(parsed.id, w, parsed.origin)} ${w}w`).join(', '),
    sizes,
  };
}
