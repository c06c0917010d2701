import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config';

/** The AUTH_SECRET of every app a test or a benchmark starts (bearer tokens are signed with it). */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * The configuration of an app started by a test or a benchmark: a fresh DATA_DIR, no demo data,
 * no built web app, silent logs (TEST_LOG_LEVEL to see them), then `env` on top. No vitest here,
 * so the benchmarks (plain tsx scripts) share it.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    // Tests upload many pictures per user; the limit's own tests set it.
    IMAGE_UPLOAD_RATE_LIMIT_MAX: '10000',
    ...env,
  });
}
