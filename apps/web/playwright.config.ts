import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP } from './e2e/support/chromium';

const CI = Boolean(process.env.CI);

/**
 * Browser tests (e2e/*.e2e.ts): Playwright Test drives Debian's Chromium (never a downloaded
 * browser) against the built app. e2e/support/global-setup.ts starts one app with a fresh
 * database and one mock Google per worker. Run `npm run test:e2e` from the repository root (it
 * builds the web app first) or `npx playwright test` here. See e2e/README.md.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Server logs stay beside these (e2e/artifacts/server-<worker>.log).
  outputDir: './e2e/artifacts/results',
  reporter: [['list'], ['html', { outputFolder: './e2e/artifacts/report', open: 'never' }]],
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two cores: 2 workers (each with its own app) measured faster than 1 (docs/decisions/016).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Files run in parallel across workers; the tests of one file run in order.
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    viewport: DESKTOP,
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // Traces keep each action's DOM snapshot, console and network, without the screencast
    // (it cost a third of the run's CPU on 2 cores). Recording them costs a tenth of the run's CPU
    // more (chromium, 121 -> 108 CPU-s on the walk-through and phone sweep), so CI records them
    // only when it retries a failed test; a local run records every test and keeps the failures'.
    trace: CI
      ? { mode: 'on-first-retry', screenshots: false }
      : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
});
