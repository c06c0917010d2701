import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia, donateVia } from '../../test/helpers/campaigns';
import { createUser } from '../../test/helpers/factories';
import { uploadPicture } from '../../test/helpers/pictures';
import { startS3Peer, type S3Peer } from '../../test/helpers/s3-peer';
import { cookiesOf, SITE_ORIGIN } from '../../test/helpers/sessions';
import { requestApp } from '../../test/helpers/test-app';
import { testConfig, TEST_AUTH_SECRET } from '../../test/helpers/test-config';
import { createApp } from '../app';
import { buildDeps } from '../app-deps';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { demoUsers } from '../demo/demo-context';
import { seedDemoDataIfEmpty } from '../demo/demo-data';
import { createLogger } from '../lib/logger';
import { createMemoryCounters } from '../lib/shared-counters';
import { storedFileNamesOf } from '../modules/images/images.service';
import { LocalDiskImageStorage, S3ImageStorage } from '../modules/images/images.storage';
import { listImages, listTables, tableChecksum, useUtc } from './site-transfer.repository';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** `npm run admin -- ...args` as its own process, with `env` as its whole configuration. */
async function cli(env: Record<string, string>, ...args: string[]) {
  const { DATABASE_URL: _, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', ...args],
      { cwd: serverDir, env: { ...inherited, LOG_LEVEL: 'silent', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every table's row count and checksum (row_to_json text, UTC), and every picture file. */
async function snapshot(database: DatabaseHandle) {
  return database.db.transaction(async (tx) => {
    await useUtc(tx);
    const tables: Record<string, { count: number; checksum: string }> = {};
    for (const table of await listTables(tx)) tables[table] = await tableChecksum(tx, table);
    return { tables, images: await listImages(tx) };
  });
}

describe.skipIf(!onPostgres)(
  'npm run admin -- export / import: a site from PGlite and disk to PostgreSQL and S3 (TEST_DATABASE_URL only)',
  () => {
    let work: string;
    let s3: S3Peer;
    let admin: pg.Client;
    let targetUrl: string;
    const targetName = `ph_transfer_${process.pid}_${Date.now().toString(36)}`;
    beforeAll(async () => {
      work = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-transfer-'));
      s3 = await startS3Peer();
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      // sorted like most PostgreSQL servers (en-US), unlike PGlite (byte order): the checksums
      // must not depend on it
      await admin.query(
        `CREATE DATABASE "${targetName}" TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${targetName}`;
      targetUrl = url.toString();
    });
    afterAll(async () => {
      await admin?.query(`DROP DATABASE IF EXISTS "${targetName}" WITH (FORCE)`);
      await admin?.end();
      await s3?.close();
      rmSync(work, { recursive: true, force: true });
    });

    it('moves every row and picture file, users keep their passwords and sessions, and a second import is refused', async () => {
      // The source: the demo site on PGlite under DATA_DIR, with a member who signed up, a
      // campaign with its uploaded picture, a donation and an upload not used yet.
      const sourceEnv = { DATA_DIR: path.join(work, 'source'), AUTH_SECRET: TEST_AUTH_SECRET };
      const sourceConfig = testConfig({ ...sourceEnv, DEMO_DATA: 'true' });
      const logger = createLogger('silent');
      const database = await openDatabase(sourceConfig.database, logger);
      await database.migrate();
      const source = buildDeps({
        config: sourceConfig,
        database,
        logger,
        counters: createMemoryCounters(() => new Date()),
      });
      await seedDemoDataIfEmpty(source);
      // every bird adopted: pet_counts keeps the (available, bird) row at 0 pets
      await database.db.execute(sql`update pets set adopted = true where pet_category = 'bird'`);
      const request = requestApp(createApp(source));
      const member = { email: 'mover@example.com', password: 'Secret12' };
      const signedUp = await request('/api/auth/sign-up/email', {
        headers: { origin: SITE_ORIGIN },
        json: { ...member, name: 'Morgan Mover', image: 'https://example.com/me.png' },
      });
      expect(signedUp.status).toBe(200);
      const cookie = cookiesOf(signedUp);
      const organiser = await createUser(database.db, { name: 'Olive Organiser' });
      const donor = await createUser(database.db, { name: 'Dana Donor' });
      const campaign = await createCampaignVia({ request }, organiser.token, {
        maxDonationAmount: 300,
      });
      const donated = await donateVia({ request, database }, donor.token, campaign._id, 25);
      expect(donated.confirm.status).toBe(200);
      const unused = await uploadPicture({ request }, organiser.token);
      const before = await snapshot(database);
      await source.counters.close();
      await database.close();

      // export with the old settings, import with the new ones
      const file = path.join(work, 'site.jsonl');
      const exported = await cli(sourceEnv, 'export', file);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toMatch(
        /^Exported \d+ tables \(\d+ rows\) and \d+ picture files to /,
      );
      const targetEnv = { DATABASE_URL: targetUrl, AUTH_SECRET: TEST_AUTH_SECRET, ...s3.env };
      const imported = await cli(targetEnv, 'import', file);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toMatch(/every table's rows and checksum match\.\n$/);

      // every table and every picture file, compared here again
      const target = await openDatabase({ kind: 'postgres', url: targetUrl }, logger);
      try {
        const after = await snapshot(target);
        expect(Object.keys(after.tables).sort()).toEqual(Object.keys(before.tables).sort());
        for (const [table, expected] of Object.entries(before.tables)) {
          expect(after.tables[table], table).toEqual(expected);
        }
        expect(before.tables.user!.count).toBeGreaterThanOrEqual(5);
        expect(before.tables.donations!.count).toBeGreaterThanOrEqual(1);
        const disk = new LocalDiskImageStorage(path.join(sourceEnv.DATA_DIR, 'images'));
        const bucket = new S3ImageStorage(testConfig(s3.env).s3!);
        let files = 0;
        for (const name of before.images.flatMap(storedFileNamesOf)) {
          const original = await disk.get(name);
          expect(await bucket.get(name), name).toEqual(original);
          if (original) files += 1;
        }
        expect(files).toBeGreaterThan(before.images.length);
        expect(before.images.map((i) => i.id)).toContain(
          unused.slice('/api/images/'.length, '/api/images/'.length + 64),
        );

        // the moved site works: pictures from the bucket, passwords and sessions as they were
        const config = testConfig(targetEnv);
        const deps = buildDeps({
          config,
          database: target,
          logger,
          counters: createMemoryCounters(() => new Date()),
        });
        const moved = requestApp(createApp(deps));
        expect((await moved(unused)).status).toBe(200);
        const session = await moved('/api/auth/get-session', { headers: { cookie } });
        expect(session.body?.user?.email).toBe(member.email);
        for (const user of [member, ...Object.values(demoUsers)]) {
          const signIn = await moved('/api/auth/sign-in/email', {
            headers: { origin: SITE_ORIGIN },
            json: { email: user.email, password: user.password },
          });
          expect(signIn.status, user.email).toBe(200);
        }
        const details = await moved(`/api/donations/${campaign._id}`);
        expect(details.body.donatedAmount).toBe(25);
        // writing goes on where the moved rows end (sequences moved past them: a new receipt)
        const more = await donateVia(
          { request: moved, database: target },
          donor.token,
          campaign._id,
          5,
        );
        expect(more.confirm.status).toBe(200);
        expect((await moved(`/api/donations/${campaign._id}`)).body.donatedAmount).toBe(30);
        await deps.counters.close();
      } finally {
        await target.close();
      }
      const withMore = await openDatabase({ kind: 'postgres', url: targetUrl }, logger);
      const beforeAgain = await snapshot(withMore).finally(() => withMore.close());

      // into a database that holds rows: refused, nothing written
      const again = await cli(targetEnv, 'import', file);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^The target database is not empty \(table \w+ has rows\)/m);
      const unchanged = await openDatabase({ kind: 'postgres', url: targetUrl }, logger);
      try {
        expect((await snapshot(unchanged)).tables).toEqual(beforeAgain.tables);
      } finally {
        await unchanged.close();
      }
    }, 180_000);
  },
);
