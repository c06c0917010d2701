import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDataDir } from '../../test/helpers/test-database';
import { type DatabaseHandle, DatabaseStartupError, openDatabase } from './client';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

async function open(dataDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  opened.push(handle);
  return handle;
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (err: unknown) => err,
  );

/** One folder for the tests below (creating one takes seconds). */
const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pet-haven-db-')), 'db');
// Made from the run's migrated database rather than by initdb (which takes seconds more).
beforeAll(() => createPgliteDataDir(dataDir));

describe('the embedded database folder (PGlite)', () => {
  it('refuses a second opener with a one-line reason while the first has it, and frees it on close', async () => {
    const first = await open(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));

    const err = await failure(openDatabase({ kind: 'pglite', dataDir }));
    expect(err).toBeInstanceOf(DatabaseStartupError);
    expect((err as Error).message).toBe(
      `Cannot open the embedded database in ${dataDir}: another process (pid ${process.pid}) ` +
        'is using it. Stop that process first (only one process can open the embedded ' +
        'database), or set DATABASE_URL to use PostgreSQL.',
    );

    await first.close();
    opened.splice(opened.indexOf(first), 1);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    await open(dataDir);
  });

  it('refuses while another living process holds the lock, and takes over a lock left by one that ended', async () => {
    // The test runner's parent process is alive.
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    const err = await failure(openDatabase({ kind: 'pglite', dataDir }));
    expect((err as Error).message).toContain(`another process (pid ${process.ppid}) is using it`);

    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${dataDir}.lock`, String(ended));
    await open(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
  });

  it('names a folder it cannot create, without a stack trace in the message', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pet-haven-db-')), 'a-file');
    writeFileSync(file, 'not a folder');
    const err = await failure(openDatabase({ kind: 'pglite', dataDir: path.join(file, 'db') }));
    expect(err).toBeInstanceOf(DatabaseStartupError);
    expect((err as Error).message).toBe(
      `Cannot open the embedded database in ${path.join(file, 'db')}: a file is in the way of ` +
        'the folder. Set DATA_DIR to a folder.',
    );
  });
});
