import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Debian Chromium (playwright-core) against the built app, started once by
 * support/global-setup.ts. Files run one after another (2 shared cores); run with
 * `npm run test:e2e` from the repository root (it builds the web app first).
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
