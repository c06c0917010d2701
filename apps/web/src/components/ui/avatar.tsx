import { useState } from 'react';
import { responsiveImage } from '@pet-haven/shared/images';
import defaultAvatar from '@/assets/default-avatar.svg';
import { cn } from '@/utils/cn';

export const DEFAULT_AVATAR_SRC: string = defaultAvatar;

interface AvatarProps {
  src?: string | null;
  /** Describe the person, e.g. the user's name; use "" when a label sits next to it. */
  alt: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-8', md: 'size-10', lg: 'size-16' };
/** The same sizes in CSS pixels: the image's width and height (nothing moves as it loads). */
const pixels = { sm: 32, md: 40, lg: 64 };

/** A round profile picture that falls back to the default profile image (missing or broken). */
export function Avatar({ src, alt, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_AVATAR_SRC;
  const px = pixels[size];
  return (
    <img
      // a picture uploaded here comes in sizes: the smallest that fits (a photo URL elsewhere as it is)
      {...responsiveImage(usable, `${px}px`)}
      alt={alt}
      width={px}
      height={px}
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      onError={() => {
        if (usable !== DEFAULT_AVATAR_SRC) setFailedSrc(usable);
      }}
      className={cn(
        'shrink-0 rounded-full bg-brand-100 object-cover ring-2 ring-white dark:ring-slate-800',
        sizes[size],
        className,
      )}
    />
  );
}
