import { responsiveImage } from '@pet-haven/shared/images';

/** A small square picture for table rows (srcset lets the browser pick the 400 px size). */
export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      {...responsiveImage(src, '4rem')}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={64}
      height={64}
      className="size-14 max-w-none shrink-0 rounded-md border border-slate-200 object-cover dark:border-slate-700"
    />
  );
}
