import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** The positions saved before this page was loaded (a reload), by history entry. */
function storedPositions(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Scrolling as a visitor expects of pages (what React Router's `<ScrollRestoration>` does for its
 * data router, decision 023): a new page starts at its top, or at the element its `#hash` names;
 * Back and Forward (and a reload) return to where that page was left. The page first shown is
 * left where it is: a visitor may have scrolled the page the server sent before the app took it
 * over.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const shown = useRef<string | null>(null);
  /** Scroll positions by history entry (key and URL), kept for a reload in sessionStorage. */
  const positions = useRef<Record<string, number> | null>(null);
  const saved = () => (positions.current ??= storedPositions());

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (shown.current !== null) saved()[shown.current] = window.scrollY;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved()));
      } catch {
        // storage full or refused: positions are kept for this page's life only
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // A history entry's key, with its URL: the first page of every visit is `default` (React
  // Router's key for an entry it did not create), so the key alone would mix the pages typed in.
  const entry = `${location.key} ${location.pathname}${location.search}`;

  useLayoutEffect(() => {
    const first = shown.current === null;
    shown.current = entry;
    const left = saved()[entry];
    if (first) {
      if (left !== undefined) window.scrollTo(0, left); // a reload
      return;
    }
    if (action === 'POP' && left !== undefined) {
      window.scrollTo(0, left);
      return;
    }
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [entry, location.hash, action]);
}
