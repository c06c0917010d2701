import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';

/**
 * A clean, migrated database for one test file: PGlite in memory by default, or a fresh
 * PostgreSQL database cloned from the run's template when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
  }
  const { url, template, runId } = inject('pgTemplate');
  const name = `${runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const fileUrl = new URL(url);
  fileUrl.pathname = `/${name}`;
  return openDatabase({ kind: 'postgres', url: fileUrl.toString(), poolSize: 20 });
}
