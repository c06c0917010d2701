import { createHash } from 'node:crypto';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_WIDTHS,
  parseHostedImageUrl,
  PREVIEW_IMAGE,
  storedWidths,
} from '@pet-haven/shared/images';
import sharp from 'sharp';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, invalidField, unauthorized } from '../../lib/errors';
import { QueueFullError, WorkQueue } from '../../lib/work-queue';
import {
  deleteImageRows,
  lockUnreferencedImages,
  tryJobLock,
  deleteUploadsOlderThan,
  findImageById,
  lockUploader,
  recentUploads,
  recordUpload,
  upsertImage,
  type ImageRow,
} from './images.repository';
import {
  avifTwinOf,
  previewFileName,
  storedFileName,
  storedFileNamePattern,
} from './images.storage';

type ImageDeps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'imageStorage'>;
type UploadDeps = ImageDeps & Pick<AppDeps, 'imageQueue'>;

export type AcceptedImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const ascii = (b: Uint8Array, from: number, to: number) =>
  Buffer.from(b.subarray(from, to)).toString('latin1');

/** The image type from the file's first bytes (its magic number), whatever its name says. */
export function sniffImageType(b: Uint8Array): AcceptedImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 16 && ascii(b, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8..12, compatible brands after the minor version.
    const boxSize = Math.min(b.length, (b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!);
    const brands = [ascii(b, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(b, i, i + 4));
    if (brands.some((x) => x === 'avif' || x === 'avis')) return 'avif';
  }
  return null;
}

const unsupported = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Unsupported image type: upload a JPEG, PNG, WebP, GIF or AVIF picture.',
    [{ path: 'form.image', message: 'Not a JPEG, PNG, WebP, GIF or AVIF image' }],
  );
export const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'The picture is too large (10 MB at most).', [
    { path: 'form.image', message: 'At most 10 MB' },
  ]);
const tooManyPixels = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The picture has too many pixels (${IMAGE_MAX_PIXELS / 1_000_000} megapixels at most).`,
    [{ path: 'form.image', message: 'At most 40 megapixels' }],
  );
const unreadable = () =>
  invalidField('form.image', 'The picture is damaged or could not be read as an image.');
const tooElongated = () =>
  invalidField(
    'form.image',
    `The picture is too long and narrow (its long side may be at most ${IMAGE_MAX_ASPECT_RATIO} times its short side).`,
  );

/** A refusal that may succeed later: the route answers it with Retry-After. */
export class RetryLaterError extends AppError {
  constructor(
    code: 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}
const busy = (retryAfterSeconds: number) =>
  new RetryLaterError(
    'SERVICE_UNAVAILABLE',
    'The server is busy processing other pictures. Please try again in a few seconds.',
    retryAfterSeconds,
  );
const tooManyUploads = (retryAfterSeconds: number) =>
  new RetryLaterError(
    'RATE_LIMITED',
    'You uploaded many pictures in a short time. Please wait a minute and try again.',
    retryAfterSeconds,
  );

/**
 * The long side of a picture may be at most this many times its short side. Checked from the
 * header before decoding: a 1 x 39,000,000 PNG is under the pixel limit but costs seconds of CPU
 * to decode and is no photo anyway (panoramas are about 1:4 to 1:8).
 */
export const IMAGE_MAX_ASPECT_RATIO = 20;

/** The largest stored size is at most this wide (and this tall, for very tall pictures). */
const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);
const MAX_HEIGHT = 8000;
const WEBP = { quality: 80, effort: 4 } as const;
/**
 * AVIF beside each WebP size, for browsers that accept it (decision 024): sharp's default quality
 * at effort 2, a third of the bytes of WebP's 800 px photo for half again its encoding time
 * (`npm run bench:images`); sharp's default effort 4 costs 22 times WebP's.
 */
const AVIF = { quality: 50, effort: 2 } as const;
// libjpeg's own encoder: mozjpeg's saves a few percent for about six times the CPU
const PREVIEW_JPEG = { quality: 80, progressive: true } as const;

/**
 * The link preview of a picture (Open Graph, Twitter card): PREVIEW_IMAGE's 1200x630, cropped to
 * fill around what draws the eye (sharp's attention strategy), JPEG.
 */
const encodePreview = (image: ReturnType<typeof sharp>) =>
  image
    .resize({
      width: PREVIEW_IMAGE.width,
      height: PREVIEW_IMAGE.height,
      fit: 'cover',
      position: sharp.strategy.attention,
    })
    .flatten({ background: '#ffffff' })
    .jpeg(PREVIEW_JPEG)
    .toBuffer();

/**
 * The one line of image decoding, made once by buildDeps (app-deps.ts) as `deps.imageQueue`:
 * IMAGE_CONCURRENCY pictures at a time, each on one libvips thread, so uploads leave CPU (and
 * libuv threads: file reads, password hashing) to every other request; IMAGE_QUEUE_MAX more may
 * wait, further uploads answer 503.
 */
export function createImageProcessingQueue(deps: Pick<AppDeps, 'config'>): WorkQueue {
  // Process-wide: threads per picture. Parallelism comes from the queue's slots instead.
  sharp.concurrency(1);
  const { concurrency, queueMax } = deps.config.imageProcessing;
  return new WorkQueue(concurrency, queueMax);
}

/**
 * Reads the picture's header only (sharp's metadata decodes no pixels) and refuses what would be
 * costly or is no picture we accept: 415 (type), 413 (over IMAGE_MAX_PIXELS), 400 (damaged, or
 * long side over IMAGE_MAX_ASPECT_RATIO times the short side).
 */
async function checkHeader(bytes: Buffer, type: AcceptedImageType) {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const expected = type === 'avif' ? 'heif' : type;
  if (meta.format !== expected) throw unsupported();
  if (type === 'avif' && meta.compression !== 'av1') throw unsupported();
  const width = meta.width;
  const height = meta.pageHeight ?? meta.height;
  if (!width || !height) throw unreadable();
  if (width * height > IMAGE_MAX_PIXELS) throw tooManyPixels();
  if (Math.max(width, height) > IMAGE_MAX_ASPECT_RATIO * Math.min(width, height)) {
    throw tooElongated();
  }
}

/**
 * Counts this upload against the user's IMAGE_UPLOAD_RATE_LIMIT_MAX per window, or refuses it
 * with 429. Counted and recorded under a lock on the user's row, so the limit holds with several
 * server processes on one database.
 */
async function takeUploadSlot(deps: ImageDeps, userId: string) {
  const { max, windowSeconds } = deps.config.imageUploadRateLimit;
  const retryAfter = await deps.database.db.transaction(async (tx) => {
    if (!(await lockUploader(tx, userId))) throw unauthorized();
    const recent = await recentUploads(tx, userId, windowSeconds);
    if (recent.count >= max) return Math.max(1, recent.secondsUntilOldestExpires);
    await recordUpload(tx, userId);
    return null;
  });
  if (retryAfter !== null) throw tooManyUploads(retryAfter);
}

/**
 * Decodes once (first frame only: animations become still pictures), auto-rotates, scales to the
 * largest stored width, then encodes every stored width from those pixels. Output carries no
 * metadata. Runs inside the processing queue.
 */
async function encodeVariants(deps: ImageDeps, bytes: Buffer) {
  try {
    const decoded = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: LARGEST_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .timeout({ seconds: 30 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = decoded.info;
    const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
    const variants: { width: number; data: Buffer; avif: Buffer }[] = [];
    for (const w of storedWidths(width)) {
      const scaled = () => (w === width ? pixels() : pixels().resize({ width: w }));
      variants.push({
        width: w,
        data: await scaled().webp(WEBP).toBuffer(),
        avif: await scaled().avif(AVIF).toBuffer(),
      });
    }
    return { variants, height, preview: await encodePreview(pixels()) };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    deps.logger.warn({ err }, 'Image processing failed');
    throw unreadable();
  }
}

/**
 * Checks an upload from its bytes and header, re-encodes it to WebP (auto-rotated, every bit of
 * metadata such as GPS dropped) in the sizes of IMAGE_WIDTHS (never upscaled), stores the files
 * under content-hashed names and records the image. Refuses with 413 (bytes, pixels), 415 (type)
 * or 400 (unreadable, too elongated) before decoding anything; then with 503 when the processing
 * queue is full and 429 when `uploaderId` uploaded too many pictures lately (server-side
 * uploads, `uploaderId` null, are not limited).
 */
export async function storeUpload(
  deps: UploadDeps,
  bytes: Buffer,
  uploaderId: string | null,
): Promise<ImageRow> {
  if (bytes.length > IMAGE_MAX_BYTES) throw tooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw unsupported();
  await checkHeader(bytes, type);

  const queue = deps.imageQueue;
  // Checked before counting the upload, so that a busy server does not use up the user's uploads.
  if (queue.full) throw busy(queue.retryAfterSeconds());
  if (uploaderId) await takeUploadSlot(deps, uploaderId);
  let encoded: Awaited<ReturnType<typeof encodeVariants>>;
  try {
    encoded = await queue.run(() => encodeVariants(deps, bytes));
  } catch (err) {
    if (err instanceof QueueFullError) throw busy(err.retryAfterSeconds);
    throw err;
  }
  const { variants, height, preview } = encoded;

  const largest = variants[variants.length - 1]!;
  const id = createHash('sha256').update(largest.data).digest('hex');
  // The row first (new, or an old one made fresh again), then the files: a sweep in between
  // cannot take files just written, and files written by an upload that fails half-way belong to
  // a row the sweep finds once the grace period is over (it deletes the row's every file name).
  const row = await upsertImage(deps.database.db, {
    id,
    uploaderId,
    width: largest.width,
    height,
  });
  await Promise.all([
    ...variants.flatMap((v) => [
      deps.imageStorage.put(storedFileName(id, v.width), v.data),
      deps.imageStorage.put(avifTwinOf(storedFileName(id, v.width)), v.avif),
    ]),
    deps.imageStorage.put(previewFileName(id), preview),
  ]);
  return row;
}

/** The media type of a stored file, from its name. */
export const storedFileType = (name: string) =>
  name.endsWith('.jpg') ? PREVIEW_IMAGE.type : name.endsWith('.avif') ? 'image/avif' : 'image/webp';

/**
 * One stored file, or null. Only `<sha256>-<width>w.webp` (or `.avif`) and
 * `<sha256>-1200x630.jpg` names are looked up. A WebP size asked by a browser that accepts AVIF
 * (`acceptsAvif`) is answered with its AVIF twin when the picture has one (pictures stored before
 * decision 024 have none). The link preview of an image stored before previews existed is made on
 * its first request, from its largest stored size, in the processing queue (503 while the line
 * is full), and kept.
 */
export async function readStoredFile(
  deps: UploadDeps,
  name: string,
  acceptsAvif = false,
): Promise<{ data: Buffer; type: string } | null> {
  if (!storedFileNamePattern.test(name)) return null;
  if (acceptsAvif && name.endsWith('.webp')) {
    const twin = avifTwinOf(name);
    const avif = await deps.imageStorage.get(twin);
    if (avif) return { data: avif, type: storedFileType(twin) };
  }
  const stored = await deps.imageStorage.get(name);
  if (stored) return { data: stored, type: storedFileType(name) };
  if (!name.endsWith('.jpg')) return null;
  const preview = await createMissingPreview(deps, name.slice(0, 64));
  return preview && { data: preview, type: storedFileType(name) };
}

async function createMissingPreview(deps: UploadDeps, id: string): Promise<Buffer | null> {
  const row = await findImageById(deps.database.db, id);
  const largest = row && (await deps.imageStorage.get(storedFileName(id, row.width)));
  if (!largest) return null;
  if (deps.imageQueue.full) throw busy(deps.imageQueue.retryAfterSeconds());
  let preview: Buffer;
  try {
    preview = await deps.imageQueue.run(() =>
      encodePreview(
        sharp(largest, { limitInputPixels: IMAGE_MAX_PIXELS }).timeout({ seconds: 30 }),
      ),
    );
  } catch (err) {
    if (err instanceof QueueFullError) throw busy(err.retryAfterSeconds);
    throw err;
  }
  await deps.imageStorage.put(previewFileName(id), preview);
  deps.logger.info({ imageId: id }, 'Link preview made for an existing image');
  return preview;
}

/**
 * Resolves a picture URL a client sent (a pet's `petImage`, a campaign's `petPicture`) to an
 * image this server hosts, or throws a 400 naming `field` (e.g. 'body.petImage').
 *
 * Accepts the display_url answered by POST /api/images, or any other stored size of the same
 * image, relative (`/api/images/...`), absolute on one of the server's own origins, or behind
 * IMAGE_PUBLIC_BASE_URL.
 * Store the answered row's `id` (images.id) and present it with `displayUrlOf(id, width)`.
 *
 * Used by the pets and the campaigns modules.
 */
export async function resolveHostedImage(
  deps: Pick<AppDeps, 'config' | 'database'>,
  url: string,
  field: string,
): Promise<ImageRow> {
  const parsed = parseHostedImageUrl(url.trim());
  const ownOrigin =
    parsed &&
    (parsed.origin === '' ||
      parsed.origin === deps.config.imageBase ||
      deps.config.trustedOrigins.some((o) => o.toLowerCase() === parsed.origin.toLowerCase()));
  const row = ownOrigin ? await findImageById(deps.database.db, parsed.id) : null;
  if (!row || parsed!.width > row.width) {
    throw invalidField(
      field,
      'Upload the picture first: it must be an image hosted by this server.',
    );
  }
  return row;
}

/** Fresh uploads not yet attached to anything are kept this long (IMAGE_GRACE_MINUTES). */
const graceSeconds = (deps: Pick<AppDeps, 'config'>) => deps.config.imageGraceMinutes * 60;

/**
 * Images deleted per transaction by the sweep: a transaction holds its images while their files
 * are deleted (7 or so each), so it stays short even against a distant store.
 */
const SWEEP_BATCH = 20;

/**
 * The names of every file an image may have in the store: each stored width, its AVIF twin, the
 * link preview. (Used by the sweep and by the site transfer of cli/.)
 */
export const storedFileNamesOf = (image: { id: string; width: number }): string[] => [
  ...storedWidths(image.width).flatMap((w) => {
    const webp = storedFileName(image.id, w);
    return [webp, avifTwinOf(webp)];
  }),
  previewFileName(image.id),
];

/** Deletes every stored file of these images; throws at the first that could not go. */
async function removeFiles(deps: ImageDeps, rows: ImageRow[]) {
  for (const row of rows) {
    for (const name of storedFileNamesOf(row)) await deps.imageStorage.delete(name);
  }
}

/**
 * Deletes the files, then the rows, of unreferenced images past the grace period (among `ids` when
 * given), at most `limit`, in one transaction that holds them: a reference cannot be added
 * meanwhile, and when a file cannot be deleted (the store is down) the rows stay for the next
 * sweep, so no file is left that no row names. With `job`, only when no other process runs it.
 */
async function deleteUnreferenced(
  deps: ImageDeps,
  { ids, limit, job }: { ids?: string[]; limit: number; job?: string },
): Promise<number> {
  const work = (db: Database) =>
    db.transaction(async (tx) => {
      if (job && !(await tryJobLock(tx, job))) return 0;
      if (job === 'image-sweep') {
        await deleteUploadsOlderThan(tx, deps.config.imageUploadRateLimit.windowSeconds);
      }
      const rows = await lockUnreferencedImages(tx, graceSeconds(deps), { ids, limit });
      await removeFiles(deps, rows);
      await deleteImageRows(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
  // the sweep's batches on a connection of their own, without the request pool's limit on an
  // idle transaction: a batch waits on the store while it deletes the files
  return job ? deps.database.maintenance(work) : work(deps.database.db);
}

/**
 * Deletes the rows and files of these images if nothing references them any more (no pet, no
 * campaign) and they were uploaded longer ago than the grace period. Call it after a pet or
 * campaign is deleted or changes its picture, outside the transaction that did so.
 * Answers how many images went. Never throws: what could not go now is left to the sweep.
 *
 * Used by the pets and the campaigns modules.
 */
export async function releaseImages(deps: ImageDeps, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  try {
    return await deleteUnreferenced(deps, { ids: unique, limit: unique.length });
  } catch (err) {
    deps.logger.warn({ err, ids: unique }, 'Image release left to the sweep');
    return 0;
  }
}

/**
 * Deletes every unreferenced image older than the grace period, and the upload records that no
 * longer count for the rate limit; server.ts runs it periodically in every process, and it runs
 * in one at a time (an advisory lock): the others skip their turn.
 */
export async function sweepUnusedImages(deps: ImageDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await deleteUnreferenced(deps, { limit: SWEEP_BATCH, job: 'image-sweep' });
    total += count;
    if (count < SWEEP_BATCH) break;
  }
  if (total > 0) deps.logger.info({ count: total }, 'Unused images deleted');
  return total;
}
