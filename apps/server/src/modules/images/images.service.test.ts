import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import { images, user } from '../../db/schema/index';
import { unreferencedImage } from './images.repository';
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
