import { hostedImageUrl, type UploadAnswer } from '@pet-haven/shared/images';
import type { ImageRow } from './images.repository';

/**
 * The display_url of an image: its largest stored size, relative to the site
 * (`/api/images/<sha256>-<width>w.webp`). The web derives `srcset` from it with
 * `responsiveImage()` from @pet-haven/shared/images.
 */
export const displayUrlOf = (id: string, width: number) => hostedImageUrl(id, width);

/** POST /api/images: where the stored picture is shown from. */
export const presentUpload = (image: ImageRow): UploadAnswer => ({
  data: { display_url: displayUrlOf(image.id, image.width) },
});
