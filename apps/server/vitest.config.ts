import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/helpers/global-setup.ts'],
    setupFiles: ['./test/helpers/error-catalogue-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker process runs file after file, keeping what they all import (the app, Better Auth,
    // PGlite, sharp...) instead of a new process importing it all again per file: a third of the
    // suite's CPU time. Each file still gets its own app and database (test-app.ts); the server
    // keeps no module state (decision 019, enforced by ESLint).
    isolate: false,
  },
});
