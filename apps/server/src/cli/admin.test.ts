import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/helpers/factories';
import { createPgliteDataDir } from '../../test/helpers/test-database';
import { openDatabase } from '../db/client';
import { auditLog, user } from '../db/schema/index';
import { resolveEnv, runAdminCli } from './admin';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../../', import.meta.url));
let dataDir: string;
let email: string;

/** Runs `tsx src/cli/admin.ts ...args` as its own process, like `npm run admin -- ...` does. */
async function cli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', ...args],
      { cwd: serverDir, env },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function withDatabase<T>(
  fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    await handle.migrate();
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-cli-'));
  // The folder a first start leaves, without running initdb (seconds) again.
  await createPgliteDataDir(path.join(dataDir, 'db'));
  email = (await withDatabase((db) => createUser(db, { email: 'keeper@example.com' }))).email;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin -- promote <email>', () => {
  it('promotes an existing user, then says nothing changed, and records the audit entry', async () => {
    const first = await cli('promote', 'Keeper@Example.com');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`${email} is now an admin.`);

    // The rest in-process (same code, minus a process start).
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const again = await runAdminCli(['promote', email], { DATA_DIR: dataDir }, io);
    expect(again).toBe(0);
    expect(lines.join('\n')).toContain('already is an admin');

    const { role, entries } = await withDatabase(async (db) => {
      const [row] = await db.select().from(user).where(eq(user.email, email));
      const entries = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, row?.id ?? ''));
      return { role: row?.role, entries };
    });
    expect(role).toBe('admin');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, actorEmail: 'cli', action: 'user.promote' });
  });

  it('leaves an account whose e-mail is not verified as it is, and exits 1 saying why', async () => {
    const stranger = await withDatabase((db) =>
      createUser(db, { email: 'claimed@example.com', emailVerified: false }),
    );
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runAdminCli(['promote', stranger.email], { DATA_DIR: dataDir }, io)).toBe(1);
    expect(lines.join('\n')).toContain(
      'claimed@example.com has not verified the e-mail address yet, so it was not promoted',
    );
    const { role, entries } = await withDatabase(async (db) => ({
      role: (await db.select().from(user).where(eq(user.id, stranger.id)))[0]?.role,
      entries: await db.select().from(auditLog).where(eq(auditLog.targetId, stranger.id)),
    }));
    expect(role).toBe('user');
    expect(entries).toHaveLength(0);
  });

  it('exits 1 for an unknown e-mail and 2 for a usage error', async () => {
    const unknown = await cli('promote', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user has the e-mail nobody@example.com.');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runAdminCli(['demote', email], { DATA_DIR: dataDir }, io)).toBe(2);
    expect(await runAdminCli(['promote'], { DATA_DIR: dataDir }, io)).toBe(2);
    expect(await runAdminCli(['export'], { DATA_DIR: dataDir }, io)).toBe(2);
    expect(lines[0]!.split('\n')).toEqual([
      'Usage: npm run admin -- promote <email>',
      '       npm run admin -- export <file>',
      '       npm run admin -- import <file>',
    ]);
  });
});

describe('DATA_DIR for the command line', () => {
  it('resolves a relative DATA_DIR from where npm was started, like the root npm start', () => {
    expect(resolveEnv({ DATA_DIR: 'data', INIT_CWD: '/repo' }).DATA_DIR).toBe('/repo/data');
    expect(resolveEnv({ DATA_DIR: '/abs/data', INIT_CWD: '/repo' }).DATA_DIR).toBe('/abs/data');
    expect(resolveEnv({ INIT_CWD: '/repo' }).DATA_DIR).toBeUndefined();
  });
});
