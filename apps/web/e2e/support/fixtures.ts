import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { DESKTOP } from './chromium';
import { appOrigin } from './paths';

export { DESKTOP, PHONE } from './chromium';

/** Console messages that are not our bugs (add a RegExp with a comment saying why). */
const IGNORED_CONSOLE_ERRORS: RegExp[] = [
  // Chromium logs every 4xx answer to fetch as an error. A 4xx from the API is an outcome the
  // screens handle (wrong password 401, not an admin 403, unknown pet 404...). 5xx answers are
  // collected separately below and always fail; so do 4xx on anything outside /api/.
  /^Failed to load resource: the server responded with a status of 4\d\d \([^)]*\) \(https?:\/\/[^/]+\/api\//,
];

export interface ConsoleErrors {
  /** Everything collected so far (console.error, uncaught page errors, 5xx answers). */
  readonly list: string[];
  /** Forget what was collected (for a spec that provokes an error on purpose, e.g. a 404 fetch). */
  clear(): void;
  /** Stop failing the test on console errors matching this pattern (this test only). */
  allow(pattern: RegExp): void;
  /**
   * A visit to the 404 page at `path`: the server answers the document with status 404, which
   * Chromium reports as a failed resource. Allows that one message, nothing else.
   */
  allowNotFoundPage(path: string): void;
  /** The collected errors that are neither ignored nor allowed. */
  unexpected(): string[];
}

/** Records the console errors, uncaught exceptions and 5xx answers of every page of a context. */
function collectConsoleErrors(context: BrowserContext, consoleErrors: ConsoleErrors) {
  context.on('console', (msg) => {
    if (msg.type() === 'error') {
      const where = msg.location().url ? ` (${msg.location().url})` : '';
      consoleErrors.list.push(`${msg.text()}${where}`);
    }
  });
  context.on('weberror', (err) => consoleErrors.list.push(`Uncaught: ${err.error().message}`));
  context.on('response', (res) => {
    if (res.status() >= 500) consoleErrors.list.push(`HTTP ${res.status()} from ${res.url()}`);
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

/**
 * The e2e test API: Playwright's `test` with these fixtures (configured in playwright.config.ts:
 * Debian's Chromium, desktop viewport, 10 s action and 15 s navigation timeouts, traces and
 * screenshots kept for failing tests):
 * - `baseURL`: origin of the app this worker tests (started by global-setup.ts; one per worker).
 * - `context`, `page`: Playwright's fresh context (own cookies and localStorage) and page; any
 *   console error, uncaught exception or 5xx answer in any of its pages fails the test.
 * - `consoleErrors`: to inspect, clear or allow collected console errors.
 * - `newSession()`: another fresh context + page (a second user), same console rules.
 */
export const test = base.extend<{
  consoleErrors: ConsoleErrors;
  newSession: (options?: { viewport?: { width: number; height: number } }) => Promise<Session>;
}>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    await provide(appOrigin());
  },
  // eslint-disable-next-line no-empty-pattern
  consoleErrors: async ({}, provide) => {
    const list: string[] = [];
    const allowed: RegExp[] = [];
    const unexpected = () =>
      list.filter((m) => ![...IGNORED_CONSOLE_ERRORS, ...allowed].some((re) => re.test(m)));
    await provide({
      list,
      clear: () => void list.splice(0),
      allow: (pattern) => void allowed.push(pattern),
      allowNotFoundPage: (path) =>
        void allowed.push(
          new RegExp(
            `^Failed to load resource: the server responded with a status of 404 \\(Not Found\\) \\(https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`,
          ),
        ),
      unexpected,
    });
    const bad = unexpected();
    if (bad.length > 0) {
      throw new Error(`Console errors in the page:\n${bad.map((m) => `  - ${m}`).join('\n')}`);
    }
  },
  context: async ({ context, consoleErrors }, provide) => {
    collectConsoleErrors(context, consoleErrors);
    await provide(context);
  },
  newSession: async ({ browser, baseURL, consoleErrors }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (options = {}) => {
      const context = await browser.newContext({ baseURL, viewport: options.viewport ?? DESKTOP });
      opened.push(context);
      collectConsoleErrors(context, consoleErrors);
      return { context, page: await context.newPage() };
    });
    // Playwright screenshots every page of a failing test as its context closes.
    for (const context of opened) await context.close();
  },
});

export { expect } from '@playwright/test';
