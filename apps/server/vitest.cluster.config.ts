import { defineConfig } from 'vitest/config';

/**
 * The cluster test (cluster/): two built server processes behind HAProxy on PostgreSQL, Redis and
 * an S3-compatible store. Run by `npm run test:cluster` after `npm run build` (.ci/run does both).
 */
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
