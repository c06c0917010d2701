import type { BrowserContext, Page } from '@playwright/test';

export type Theme = 'light' | 'dark';

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

/** Switches the theme through the UI (moon/sun button) and waits for the body class. */
export async function switchTheme(page: Page, to: Theme) {
  if ((await currentTheme(page)) === to) return;
  await themeButton(page, to).click();
  await page.waitForFunction((cls) => document.body.classList.contains(cls), `${to}-theme`, {
    timeout: 5_000,
  });
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
