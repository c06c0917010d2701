import { hostedImageUrl, type UploadAnswer } from '@pet-haven/shared/images';
import type { ImageRow } from './images.repository';

/**
 * The display_url of an image: its largest stored size, `/api/images/<sha256>-<width>w.webp`
 * after `imageBase` (config.imageBase: '' for relative URLs served by this site, or
 * IMAGE_PUBLIC_BASE_URL). The web derives `srcset` from it with `responsiveImage()` from
 * @pet-haven/shared/images.
 */
export const displayUrlOf = (id: string, width: number, imageBase: string) =>
  hostedImageUrl(id, width, imageBase);

/**
 * What the audit log keeps of a picture: its relative URL, whatever serves pictures later
 * (`displayUrlOf` with this base).
 */
export const AUDIT_IMAGE_BASE = '';

/** POST /api/images: where the stored picture is shown from. */
export const presentUpload = (image: ImageRow, imageBase: string): UploadAnswer => ({
  data: { display_url: displayUrlOf(image.id, image.width, imageBase) },
});
