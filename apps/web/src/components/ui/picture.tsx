import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES, responsiveImage } from '@pet-haven/shared/images';

interface PictureProps {
  /** The stored picture's URL (its widths are listed in srcset). */
  src: string;
  alt: string;
  className?: string;
}

interface CardPictureProps extends PictureProps {
  /** Above the fold on a phone or a desktop (the first row): not lazy. */
  eager?: boolean;
  /** The page's main picture (the first card): fetched before the others. */
  priority?: boolean;
}

/** The 4:3 picture of a card in a public grid (pets, campaigns); lazy below the first row. */
export function CardPicture({
  src,
  alt,
  eager = false,
  priority = false,
  className,
}: CardPictureProps) {
  return (
    <img
      {...responsiveImage(src, CARD_IMAGE_SIZES)}
      alt={alt}
      loading={eager || priority ? 'eager' : 'lazy'}
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
