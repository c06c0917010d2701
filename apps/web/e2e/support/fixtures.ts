import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './paths';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

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
  /** The collected errors that are neither ignored nor allowed. */
  unexpected(): string[];
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Records the page's console errors and uncaught exceptions. */
function collectConsoleErrors(page: Page, consoleErrors: ConsoleErrors) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const where = msg.location().url ? ` (${msg.location().url})` : '';
      consoleErrors.list.push(`${msg.text()}${where}`);
    }
  });
  page.on('pageerror', (err) => consoleErrors.list.push(`Uncaught: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) consoleErrors.list.push(`HTTP ${res.status()} from ${res.url()}`);
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

function fileSafe(name: string) {
  return name
    .replace(/[^a-z0-9-_]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/**
 * The e2e test API. Fixtures:
 * - `baseURL`: origin of the running app (started by global-setup.ts).
 * - `browser`: one Debian Chromium per test file.
 * - `context`: a fresh browser context per test (own cookies and localStorage), desktop size,
 *   `baseURL` set so `page.goto('/login')` works.
 * - `page`: a page in that context. Console errors and uncaught exceptions fail the test; a
 *   failing test leaves a full-page screenshot in apps/web/e2e/artifacts/.
 * - `consoleErrors`: to inspect, clear or allow collected console errors.
 * - `newSession()`: another fresh context + page (a second user), same console and screenshot rules.
 */
export const test = base.extend<{
  $test: {
    context: BrowserContext;
    page: Page;
    consoleErrors: ConsoleErrors;
    newSession: (options?: { viewport?: { width: number; height: number } }) => Promise<Session>;
  };
  $worker: { baseURL: string; browser: Browser };
}>({
  baseURL: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await provide(inject('baseURL'));
    },
    { scope: 'worker' },
  ],
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const browser = await launchChromium();
      await provide(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, baseURL }, provide) => {
    const context = await browser.newContext({ baseURL, viewport: DESKTOP });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(15_000);
    await provide(context);
    await context.close();
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
      unexpected,
    });
    const bad = unexpected();
    if (bad.length > 0) {
      throw new Error(`Console errors in the page:\n${bad.map((m) => `  - ${m}`).join('\n')}`);
    }
  },
  page: async ({ context, consoleErrors, task }, provide) => {
    const page = await context.newPage();
    collectConsoleErrors(page, consoleErrors);
    await provide(page);
    if (task.result?.state === 'fail' || consoleErrors.unexpected().length > 0) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(
        ARTIFACTS_DIR,
        `${fileSafe(path.basename(task.file.name))}--${fileSafe(task.name)}.png`,
      );
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    }
  },
  newSession: async ({ browser, baseURL, consoleErrors, task }, provide) => {
    const opened: Session[] = [];
    await provide(async (options = {}) => {
      const context = await browser.newContext({ baseURL, viewport: options.viewport ?? DESKTOP });
      context.setDefaultTimeout(10_000);
      context.setDefaultNavigationTimeout(15_000);
      const page = await context.newPage();
      collectConsoleErrors(page, consoleErrors);
      opened.push({ context, page });
      return { context, page };
    });
    const failed = task.result?.state === 'fail' || consoleErrors.unexpected().length > 0;
    for (const [i, s] of opened.entries()) {
      if (failed) {
        const file = path.join(
          ARTIFACTS_DIR,
          `${fileSafe(path.basename(task.file.name))}--${fileSafe(task.name)}--session-${i + 2}.png`,
        );
        await s.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      }
      await s.context.close();
    }
  },
});

export { describe, expect, beforeAll, afterAll } from 'vitest';
