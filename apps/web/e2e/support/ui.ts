import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Opens a page the server renders (decision 021) and waits until the browser has taken it over:
 * React asks for the session once it runs (the server never does). A click or a key before that
 * reaches only the server's HTML and is lost, which made tests that act at once flaky.
 */
export async function gotoHydrated(page: Page, url: string) {
  const [res] = await Promise.all([
    page.goto(url),
    page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/get-session', {
      timeout: 20_000,
    }),
  ]);
  return res;
}

/**
 * Toasts (sonner, app/provider.tsx) show below the fixed navigation bar, which they would
 * otherwise cover: the toaster's list, placed by its offset (the toasts slide within it), starts
 * under the bar. Call while a toast shows.
 */
export async function expectToastsBelowNavigationBar(page: Page) {
  const barBottom = await page
    .locator('header:has(nav[aria-label="Main"])')
    .evaluate((el) => el.getBoundingClientRect().bottom);
  const toasterTop = await page
    .locator('ol[data-sonner-toaster]')
    .evaluate((el) => el.getBoundingClientRect().top);
  expect(toasterTop).toBeGreaterThanOrEqual(barBottom);
}

/** Web-first: retries until the (first) element is visible, failing after the expect timeout. */
export async function expectVisible(locator: Locator, timeout?: number) {
  await expect(locator.first()).toBeVisible({ timeout });
}

/** Web-first: retries until the (first) element is gone or hidden. */
export async function expectHidden(locator: Locator, timeout?: number) {
  await expect(locator.first()).toBeHidden({ timeout });
}

/** Waits for visible text anywhere on the page (exact match by default). */
export async function expectText(page: Page, text: string | RegExp, timeout?: number) {
  await expectVisible(page.getByText(text, { exact: typeof text === 'string' }), timeout);
}

/**
 * Waits until the animations and transitions that end have ended (a theme's colours fading in, a
 * dialog opening), so a check sees the page at rest. Skeleton pulses and spinners never end and
 * are not waited for. Ending one transition can start another (an element whose colour follows
 * its parent's transitions once the parent's colour has changed), so it looks again until none is
 * left; after 3 s it gives up waiting (the check then runs on the page as it is).
 */
export async function untilAnimationsEnd(page: Page) {
  await page
    .evaluate(async () => {
      const giveUp = performance.now() + 3000;
      const finite = () =>
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      for (let running = finite(); running.length > 0; running = finite()) {
        const left = giveUp - performance.now();
        if (left <= 0) return;
        await Promise.race([
          Promise.all(running.map((a) => a.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, left)),
        ]);
      }
    })
    .catch(() => undefined);
}
