import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';

/**
 * Prepares one migrated database that every test file copies:
 * - PGlite (default): a migrated data directory dumped to a tarball, loaded in memory per file.
 * - PostgreSQL (TEST_DATABASE_URL set): a migrated template database, cloned per file,
 *   dropped with every clone at the end of the run.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    // dumpDataDir exists on the PGlite client; reach it through the drizzle session.
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
      .$client;
    const dump = await client.dumpDataDir('none');
    const file = path.join(
      os.tmpdir(),
      `pet-haven-test-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
    );
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteSnapshot', file);
    return;
  }

  const runId = `ph_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${runId}_template`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const handle = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 1 });
  await handle.migrate();
  await handle.close();
  project.provide('pgTemplate', { url, template, runId });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${runId}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: { url: string; template: string; runId: string };
  }
}
