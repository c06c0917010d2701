import { responsiveImage } from '@pet-haven/shared/images';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/utils/cn';
import { DetailPicture } from './picture';

interface GalleryProps {
  /** The pictures' URLs, the first shown first. */
  photos: string[];
  /** The alternative text of photo `index` of `count` (from 0). */
  altOf: (index: number, count: number) => string;
  /** What the gallery shows, e.g. "Photos of Rex". */
  label: string;
  className?: string;
}

/** How far a finger must travel sideways to turn a photo, in CSS pixels. */
const SWIPE_PX = 40;

const arrowClasses =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full ' +
  'bg-white/90 text-2xl leading-none text-slate-900 shadow-md hover:bg-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ' +
  'dark:bg-slate-900/90 dark:text-slate-100 dark:hover:bg-slate-900';

/**
 * A details page's photos: one at a time, with arrows, swipe, the arrow keys (when the gallery
 * has focus) and thumbnails. A single photo is shown as a plain picture.
 */
export function Gallery({ photos, altOf, label, className }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const swipeFrom = useRef<number | null>(null);
  const count = photos.length;
  const shown = Math.min(index, count - 1);

  if (count <= 1) {
    return photos[0] ? (
      <DetailPicture src={photos[0]} alt={altOf(0, 1)} className={className} />
    ) : null;
  }

  const go = (to: number) => setIndex((to + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(shown - 1);
    else if (e.key === 'ArrowRight') go(shown + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(count - 1);
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? shown + 1 : shown - 1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="flex flex-col gap-3"
      onKeyDown={onKeyDown}
    >
      <div
        className="relative touch-pan-y"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        <DetailPicture
          key={photos[shown]}
          src={photos[shown]!}
          alt={altOf(shown, count)}
          className={className}
        />
        <button
          type="button"
          aria-label="Previous photo"
          className={cn(arrowClasses, 'left-2')}
          onClick={() => go(shown - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          aria-label="Next photo"
          className={cn(arrowClasses, 'right-2')}
          onClick={() => go(shown + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
        <p
          aria-live="polite"
          className="absolute right-2 bottom-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs text-white tabular-nums"
        >
          {`Photo ${shown + 1} of ${count}`}
        </p>
      </div>
      <ul className="flex gap-2 overflow-x-auto px-1 pb-1" aria-label="Choose a photo">
        {photos.map((src, i) => (
          <li key={src} className="shrink-0">
            <button
              type="button"
              aria-current={i === shown ? 'true' : undefined}
              aria-label={`Show photo ${i + 1} of ${count}`}
              onClick={() => setIndex(i)}
              className={cn(
                'block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                i === shown
                  ? 'border-brand-600 dark:border-brand-400'
                  : 'border-transparent opacity-80 hover:opacity-100',
              )}
            >
              <img
                {...responsiveImage(src, '4rem')}
                alt=""
                loading="lazy"
                decoding="async"
                width={64}
                height={48}
                className="h-12 w-16 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
