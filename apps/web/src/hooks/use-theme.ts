import { useSyncExternalStore } from 'react';
import { DARK_MODE_KEY, readJson, writeJson } from '@/lib/storage';

/**
 * Dark mode (spec sections 2 and 4): `dark-theme` or `light-theme` on <body>, persisted in
 * localStorage 'darkMode' as a JSON boolean, default false. THEME_INIT_SCRIPT (packages/shared/src/ssr.ts,
 * inline in index.html) applies the
 * stored choice before the first paint; this store keeps React and <body> in step afterwards.
 */

const listeners = new Set<() => void>();

function readStoredDarkMode(): boolean {
  return readJson<unknown>(DARK_MODE_KEY, false) === true;
}

function applyTheme(dark: boolean) {
  const body = document.body;
  body.classList.toggle('dark-theme', dark);
  body.classList.toggle('light-theme', !dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

let current: boolean | null = null;

function getSnapshot(): boolean {
  if (current === null) {
    current = readStoredDarkMode();
    applyTheme(current);
  }
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    // another tab changed the theme
    if (e.key === DARK_MODE_KEY) setDarkMode(readStoredDarkMode(), false);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function setDarkMode(dark: boolean, persist = true) {
  current = dark;
  applyTheme(dark);
  if (persist) writeJson(DARK_MODE_KEY, dark);
  for (const l of listeners) l();
}

/** Forget the in-memory choice (tests: each render reads localStorage afresh). */
export function resetThemeStore() {
  current = null;
}

export function useTheme() {
  const isDark = useSyncExternalStore(subscribe, getSnapshot, () => false);
  return {
    isDark,
    setDark: (dark: boolean) => setDarkMode(dark),
    toggle: () => setDarkMode(!getSnapshot()),
  };
}
