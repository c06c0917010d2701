import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';

/**
 * Prepares one migrated database that every test file copies:
 * - PGlite (always: the default, and the command line and embedded-folder tests use it on either
 *   database): a migrated data directory dumped to a tarball that each file loads in memory
 *   (test-database.ts), instead of running initdb and the migrations again per file. The template
 *   databases (template0, template1) are dropped from it first: a third less to load per file, and
 *   nothing in a test creates a database on PGlite.
 * - PostgreSQL (TEST_DATABASE_URL set): a migrated template database, cloned per file,
 *   dropped with every clone at the end of the run.
 */
export default async function setup(project: TestProject) {
  const snapshot = await migratedPgliteSnapshot();
  project.provide('pgliteSnapshot', snapshot);
  const removeSnapshot = () => rmSync(snapshot, { force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return removeSnapshot;

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
    removeSnapshot();
  };
}

/** A tarball of a migrated PGlite data directory without its template databases, in the temp folder. */
async function migratedPgliteSnapshot(): Promise<string> {
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  // dumpDataDir exists on the PGlite client; reach it through the drizzle session.
  const client = (
    handle.db as unknown as {
      $client: { exec(sql: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> };
    }
  ).$client;
  // One statement at a time: DROP DATABASE refuses to run inside a multi-statement string.
  for (const statement of [
    "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
    'DROP DATABASE template0',
    'DROP DATABASE template1',
    'CHECKPOINT',
  ]) {
    await client.exec(statement);
  }
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = path.join(
    os.tmpdir(),
    `pet-haven-test-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: { url: string; template: string; runId: string };
  }
}
