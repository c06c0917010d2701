import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPetVia } from '../../../test/helpers/pets';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import { images, user } from '../../db/schema/index';
import { buildDeps, type AppDeps } from '../../app-deps';
import { tryJobLock, unreferencedImage } from './images.repository';
import { resolveHostedImage, sniffImageType, sweepUnusedImages } from './images.service';

const ctx = useTestContext({ IMAGE_GRACE_MINUTES: '0' });
const { alice } = useUsers(ctx, { alice: {} });

async function upload(background: string, width = 900): Promise<string> {
  const png = await sharp({ create: { width, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(png)]), 'a.png');
  const res = await ctx.request('/api/images', { method: 'POST', token: alice.token, body: fd });
  expect(res.status).toBe(201);
  return res.body.data.display_url;
}

describe('image sweep', () => {
  it('deletes uploads nothing uses once the grace period is over, keeps profile pictures', async () => {
    const unused = await upload('#ff0000');
    const avatar = await upload('#0000ff');
    await ctx.database.db
      .update(user)
      .set({ image: `http://localhost:3000${avatar}` })
      .where(eq(user.id, alice.id));

    expect(await sweepUnusedImages(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect((await ctx.request(unused)).status).toBe(404);
    expect((await ctx.request(unused.replace('-900w', '-400w'))).status).toBe(404);
    expect((await ctx.request(avatar)).status).toBe(200);
  });

  it('keeps a relative profile picture too, and finds profile users by index, not by scanning', async () => {
    const avatar = await upload('#123456');
    const bob = await createUser(ctx.database.db, { image: avatar });
    expect(bob.id).toBeTruthy();
    await sweepUnusedImages(ctx.deps);
    expect((await ctx.request(avatar)).status).toBe(200);

    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ id: images.id }).from(images).where(unreferencedImage);
      const res = (await tx.execute(sql`explain ${query.getSQL()}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('user_image_id_idx');
  });
});

describe('image sweep on two server processes (one database, one store)', () => {
  let second: AppDeps;
  beforeAll(() => {
    const { config, database, logger, passwordHasher, imageStorage } = ctx.deps;
    second = buildDeps({ config, database, logger, passwordHasher, imageStorage });
  });
  afterAll(() => second?.counters.close());

  it('deletes each true orphan once between them, and nothing still used', async () => {
    const orphans = [];
    for (const colour of ['#102030', '#203040', '#304050', '#405060']) {
      orphans.push(await upload(colour));
    }
    const used = await upload('#506070');
    await addPetVia(ctx, alice.token, { petImage: used });
    const countImages = async () =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(images))[0]!.n;
    const before = await countImages();
    const deleted = await Promise.all([sweepUnusedImages(ctx.deps), sweepUnusedImages(second)]);
    expect(deleted[0]! + deleted[1]!).toBe(before - (await countImages()));
    for (const url of orphans) expect((await ctx.request(url)).status).toBe(404);
    expect((await ctx.request(used)).status).toBe(200);
  });

  // PGlite runs one transaction at a time in one process: another holding the lock is PostgreSQL's
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'skips its turn while another process runs it (PostgreSQL)',
    async () => {
      const orphan = await upload('#607080');
      let release!: () => void;
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const other = ctx.database.db.transaction(async (tx) => {
        expect(await tryJobLock(tx, 'image-sweep')).toBe(true);
        held();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await holding;
      expect(await sweepUnusedImages(second)).toBe(0);
      expect((await ctx.request(orphan)).status).toBe(200);
      release();
      await other;
      expect(await sweepUnusedImages(second)).toBeGreaterThanOrEqual(1);
      expect((await ctx.request(orphan)).status).toBe(404);
    },
  );
});

describe('resolveHostedImage', () => {
  it('accepts any stored size of a hosted image, relative or on an own origin', async () => {
    const url = await upload('#00ff00');
    const row = await resolveHostedImage(ctx.deps, url, 'json.petImage');
    expect(url).toContain(row.id);
    expect((await resolveHostedImage(ctx.deps, url.replace('-900w', '-400w'), 'x')).id).toBe(
      row.id,
    );
    expect((await resolveHostedImage(ctx.deps, `http://localhost:3000${url}`, 'x')).id).toBe(
      row.id,
    );
  });

  it('refuses a size larger than stored, a foreign origin and anything else with a 400 on the field', async () => {
    const url = await upload('#00ffff', 500);
    for (const bad of [
      url.replace('-500w', '-1600w'),
      `https://elsewhere.example${url}`,
      'https://i.ibb.co/x/y.jpg',
      'not a url',
    ]) {
      await expect(resolveHostedImage(ctx.deps, bad, 'json.petPicture')).rejects.toMatchObject({
        status: 400,
        issues: [{ path: 'json.petPicture' }],
      });
    }
  });
});

describe('sniffImageType', () => {
  it('knows the five accepted types by their first bytes only', async () => {
    const make = (f: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .toFormat(f)
        .toBuffer();
    for (const f of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      expect(sniffImageType(await make(f))).toBe(f);
    }
    expect(sniffImageType(Buffer.from('GIF8'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
