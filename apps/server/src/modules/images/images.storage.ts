import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PREVIEW_IMAGE } from '@pet-haven/shared/images';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { AppError } from '../../lib/errors';

type S3Sdk = typeof S3SdkModule;

/**
 * Where processed image files live. File names are `<sha256>-<width>w.webp`, its AVIF twin
 * `<sha256>-<width>w.avif` (pictures stored since AVIF was added, decision 024) and the link
 * preview `<sha256>-1200x630.jpg`, so a name never changes meaning: callers may cache forever and
 * writes of an existing name are no-ops.
 */
export interface ImageStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** Throws when the store cannot be written to or does not answer (for /api/ready). */
  ping(): Promise<void>;
}

/** The file name of one stored size of an image: `<sha256>-<width>w.webp`. */
export const storedFileName = (id: string, width: number) => `${id}-${width}w.webp`;

/** The AVIF twin of a stored size (`<sha256>-<width>w.avif`), served to browsers that accept AVIF. */
export const avifTwinOf = (webpName: string) => webpName.replace(/\.webp$/, '.avif');

/** The file name of an image's link preview (PREVIEW_IMAGE): `<sha256>-1200x630.jpg`. */
export const previewFileName = (id: string) =>
  `${id}-${PREVIEW_IMAGE.width}x${PREVIEW_IMAGE.height}.jpg`;

/** Only names of these forms reach the disk, so no path can escape the folder. */
export const storedFileNamePattern = new RegExp(
  `^[0-9a-f]{64}-(?:\\d{1,5}w\\.(?:webp|avif)|${PREVIEW_IMAGE.width}x${PREVIEW_IMAGE.height}\\.jpg)$`,
);

function checkName(name: string) {
  if (!storedFileNamePattern.test(name)) throw new Error(`Invalid image file name: ${name}`);
}

/** Files on local disk, one folder per two-character prefix to keep folders small. */
export class LocalDiskImageStorage implements ImageStorage {
  constructor(readonly root: string) {}

  private pathOf(name: string) {
    checkName(name);
    return path.join(this.root, name.slice(0, 2), name);
  }

  async put(name: string, data: Buffer) {
    const file = this.pathOf(name);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file. The temporary name is unique: the
    // same picture uploaded twice at once writes the same file twice.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async get(name: string) {
    try {
      return await readFile(this.pathOf(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(name: string) {
    await rm(this.pathOf(name), { force: true });
  }

  async exists(name: string) {
    try {
      return (await stat(this.pathOf(name))).isFile();
    } catch {
      return false;
    }
  }

  async ping() {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}

/**
 * Objects in an S3-compatible bucket (S3_BUCKET; AWS, MinIO, Ceph, Garage, R2), one object per
 * file name, so any number of processes on any number of machines serve the same images. The
 * SDK is loaded only when a bucket is configured.
 */
export class S3ImageStorage implements ImageStorage {
  private client: Promise<{ s3: S3Client; sdk: S3Sdk }>;

  constructor(readonly config: S3Config) {
    this.client = import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
        forcePathStyle: config.forcePathStyle,
        // a store that does not answer fails the request in seconds (then 503), not minutes
        maxAttempts: 2,
        requestHandler: { connectionTimeout: 2000, requestTimeout: 5000 },
      }),
    }));
  }

  /** A file's key in the bucket: its name after S3_KEY_PREFIX. */
  private keyOf(name: string) {
    return `${this.config.keyPrefix}${name}`;
  }

  /** Sends a command; a store that cannot be reached (or fails, 5xx) is a 503 for the caller. */
  private async send<T>(command: (s3: S3Client, sdk: S3Sdk) => Promise<T>): Promise<T> {
    const { s3, sdk } = await this.client;
    try {
      return await command(s3, sdk);
    } catch (err) {
      if (isMissing(err) || !isUnavailable(err)) throw err;
      const unavailable = new AppError(
        'SERVICE_UNAVAILABLE',
        'The picture store is not reachable right now. Please try again in a moment.',
      );
      unavailable.cause = err;
      throw unavailable;
    }
  }

  async put(name: string, data: Buffer) {
    checkName(name);
    // a PUT is atomic: a reader sees the old object, none, or all of the new one
    await this.send((s3, sdk) =>
      s3.send(
        new sdk.PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.keyOf(name),
          Body: data,
          ContentType: storedContentType(name),
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      ),
    );
  }

  async get(name: string) {
    checkName(name);
    try {
      return await this.send(async (s3, sdk) => {
        const answer = await s3.send(
          new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(name) }),
        );
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      });
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(name: string) {
    checkName(name);
    // deleting a missing key succeeds in S3
    await this.send((s3, sdk) =>
      s3.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(name) })),
    );
  }

  async exists(name: string) {
    checkName(name);
    try {
      await this.send((s3, sdk) =>
        s3.send(new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(name) })),
      );
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async ping() {
    await this.send((s3, sdk) =>
      s3.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket })),
    );
  }
}

/** A store that cannot be reached (refused, reset, timed out) or that fails (5xx). */
const isUnavailable = (err: unknown) => {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
};

/** The S3 answer for a key that is not there (GetObject: NoSuchKey; HeadObject: 404 NotFound). */
const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** The Content-Type of a stored file, from its name's ending. */
const storedContentType = (name: string) =>
  name.endsWith('.avif') ? 'image/avif' : name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
