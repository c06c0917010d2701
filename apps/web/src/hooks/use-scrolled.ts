import { useEffect, useState } from 'react';

/** True once the page is scrolled more than `threshold` px (spec section 9: 10 px for the navbar). */
export function useScrolled(threshold = 10): boolean {
  // false until mounted, as on the server (a page rendered there hydrates without a mismatch)
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
