import { hostedImageUrl } from '@pet-haven/shared/images';

/** The file name of one stored size: `<sha256>-<width>w.webp`. */
export const storedFileName = (id: string, width: number) => `${id}-${width}w.webp`;

/**
 * The display_url of an image: its largest stored size, relative to the site
 * (`/api/images/<sha256>-<width>w.webp`). The web derives `srcset` from it with
 * `responsiveImage()` from @pet-haven/shared/images.
 */
export const displayUrlOf = (id: string, width: number) => hostedImageUrl(id, width);
