import type { Locator, Page } from 'playwright-core';

/** The path of the page's current URL (no origin, no query). */
export function pathOf(page: Page) {
  return new URL(page.url()).pathname;
}

/**
 * Waits until the page's path matches (client-side navigations included).
 * `expected` is an exact path, a RegExp, or a predicate.
 */
export async function waitForPath(
  page: Page,
  expected: string | RegExp | ((path: string) => boolean),
  timeout = 10_000,
) {
  const matches = (p: string) =>
    typeof expected === 'string'
      ? p === expected
      : expected instanceof RegExp
        ? expected.test(p)
        : expected(p);
  await page.waitForURL((url) => matches(url.pathname), { timeout, waitUntil: 'commit' });
}

/** Waits for a locator to be visible (playwright-core has no auto-retrying expect). */
export async function expectVisible(locator: Locator, timeout?: number) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits for a locator to be gone or hidden. */
export async function expectHidden(locator: Locator, timeout?: number) {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Waits for visible text anywhere on the page (exact match by default). */
export async function expectText(page: Page, text: string | RegExp, timeout?: number) {
  await expectVisible(page.getByText(text, { exact: typeof text === 'string' }), timeout);
}
