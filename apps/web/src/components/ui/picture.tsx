import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES, responsiveImage } from '@pet-haven/shared/images';

interface PictureProps {
  /** The stored picture's URL (its widths are listed in srcset). */
  src: string;
  alt: string;
  className?: string;
}

interface CardPictureProps extends PictureProps {
  /** The card's place in its grid, from 0. */
  position: number;
}

/** The cards of a grid's first row: above the fold on a phone or a desktop, so never lazy. */
const FIRST_ROW = 3;

/**
 * The 4:3 picture of a card in a public grid (pets, campaigns): the first card's is the page's
 * main picture (fetched before the others), the first row's load at once, the others lazily.
 */
export function CardPicture({ src, alt, position, className }: CardPictureProps) {
  const priority = position === 0;
  return (
    <img
      {...responsiveImage(src, CARD_IMAGE_SIZES)}
      alt={alt}
      loading={position < FIRST_ROW ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      width={400}
      height={300}
      className={className}
    />
  );
}

/** The picture of a details page (a pet, a campaign): the page's main picture. */
export function DetailPicture({ src, alt, className }: PictureProps) {
  return (
    <img
      {...responsiveImage(src, DETAIL_IMAGE_SIZES)}
      alt={alt}
      // fetched first (preloaded in the head of a server-rendered page)
      fetchPriority="high"
      width={800}
      height={600}
      className={className}
    />
  );
}
