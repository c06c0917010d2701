import { useEffect, useRef } from 'react';

/**
 * How close to the bottom (px) counts as near. Spec section 9: the campaign list loads its next page
 * within 100 px of the bottom; the pet list starts earlier.
 */
const NEAR_BOTTOM_PX = 100;

function isNearBottom(offset: number) {
  const doc = document.documentElement;
  const scrolled = window.scrollY + window.innerHeight;
  return doc.scrollHeight - scrolled <= offset;
}

/**
 * Calls `onNearBottom` when the page is scrolled to within `offset` px of its bottom, and
 * also right away (and after every change of `deps`) when the page is too short to scroll,
 * so a tall window still fills up. Does nothing while `enabled` is false.
 */
export function useNearBottom(
  onNearBottom: () => void,
  {
    enabled,
    offset = NEAR_BOTTOM_PX,
    deps = [],
  }: { enabled: boolean; offset?: number; deps?: unknown[] },
) {
  const callback = useRef(onNearBottom);
  useEffect(() => {
    callback.current = onNearBottom;
  });

  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (isNearBottom(offset)) callback.current();
    };
    // Content may not fill the window yet: check once the new content has been laid out.
    const frame = window.requestAnimationFrame(check);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, offset, ...deps]);
}
