import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (npm run test:lint-rules).
export default defineConfig({
  root: import.meta.dirname,
  test: { include: ['*.test.ts'], testTimeout: 30_000 },
});
