import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** Scroll positions by history entry (`location.key`), kept for a reload in sessionStorage. */
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

function persist() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
  } catch {
    // storage full or refused: positions are kept for this page's life only
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

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (shown.current !== null) savedPositions()[shown.current] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const first = shown.current === null;
    shown.current = location.key;
    const saved = savedPositions()[location.key];
    if (first) {
      if (saved !== undefined) window.scrollTo(0, saved); // a reload
      return;
    }
    if (action === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, action]);
}
