import type { BrowserContext, Page } from '@playwright/test';
import { untilAnimationsEnd } from './ui';

export type Theme = 'light' | 'dark';

export const THEMES: readonly Theme[] = ['light', 'dark'];

/** The theme the page shows now, read from the body class (dark-theme / light-theme). */
export async function currentTheme(page: Page): Promise<Theme> {
  const dark = await page.evaluate(() => document.body.classList.contains('dark-theme'));
  return dark ? 'dark' : 'light';
}

/** The moon (to dark) or sun (to light) button in the navigation bar. */
export function themeButton(page: Page, to: Theme) {
  const name = to === 'dark' ? /dark mode|moon/i : /light mode|sun/i;
  return page.getByRole('button', { name }).first();
}

const showsTheme = (page: Page, to: Theme) =>
  page.waitForFunction((cls) => document.body.classList.contains(cls), `${to}-theme`, {
    timeout: 5_000,
  });

/** Switches the theme through the UI (moon/sun button) and waits for the body class. */
export async function switchTheme(page: Page, to: Theme) {
  if ((await currentTheme(page)) === to) return;
  await themeButton(page, to).click();
  await showsTheme(page, to);
}

/**
 * Shows the page in `to` without reloading it or touching it, as when the theme is changed in
 * another tab of the app (localStorage `darkMode` and the storage event the app follows), and
 * waits for the colours to settle. Works with a dialog open or the menu closed.
 */
export async function showTheme(page: Page, to: Theme) {
  await page.evaluate((dark: boolean) => {
    localStorage.setItem('darkMode', JSON.stringify(dark));
    window.dispatchEvent(new StorageEvent('storage', { key: 'darkMode' }));
  }, to === 'dark');
  await showsTheme(page, to);
  await untilAnimationsEnd(page);
}

/**
 * Runs `check` on the page as it is now, once in light and once in dark mode (one visit for
 * both), and leaves the page light.
 */
export async function inBothThemes(page: Page, check: (theme: Theme) => Promise<void>) {
  for (const theme of THEMES) {
    await showTheme(page, theme);
    await check(theme);
  }
  await showTheme(page, 'light');
}

/** Makes every page of the context start in the given theme (localStorage `darkMode`, as the app stores it). */
export async function presetTheme(context: BrowserContext, theme: Theme) {
  await context.addInitScript((dark: boolean) => {
    try {
      localStorage.setItem('darkMode', JSON.stringify(dark));
    } catch {
      // about:blank has no localStorage
    }
  }, theme === 'dark');
}
