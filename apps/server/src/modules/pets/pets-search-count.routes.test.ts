import { parseHostedImageUrl } from '@pet-haven/shared/images';
import { petSchema } from '@pet-haven/shared/pets';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadPicture } from '../../../test/helpers/pictures';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

// Decisions 041 and 047: a search by name, facts or distance counts its matches only up to 1,000
// (then says "more than 1,000"), and not at all when its page shows them all.
const ctx = useTestContext();
const { owner } = useUsers(ctx, { owner: { name: 'Olive Owner' } });
const listSchema = z.array(petSchema);

beforeAll(async () => {
  const { id: imageId } = parseHostedImageUrl(await uploadPicture(ctx, owner.token))!;
  // a large site's worth of pets in one statement (the setup; the behaviour is read through HTTP):
  // 1,030 female cats and 30 male dogs
  await ctx.database.db.execute(sql`
    insert into pets (owner_id, image_id, pet_name, pet_age, pet_location, pet_category,
      short_description, long_description, sex, date_added)
    select ${owner.id}, ${imageId},
      case when g <= 1030 then 'Cat ' else 'Dog ' end || lpad(g::text, 4, '0'), '2 years', 'Leeds',
      (case when g <= 1030 then 'cat' else 'dog' end)::pet_category,
      'Looking for a home.', 'A pet of a large site, looking for a home.',
      (case when g <= 1030 then 'female' else 'male' end)::pet_sex,
      now() - (g || ' seconds')::interval
    from generate_series(1, 1060) as g`);
});

async function get(path: string) {
  const res = await ctx.request(path);
  expect(res.status, res.text).toBe(200);
  return {
    pets: listSchema.parse(res.body),
    total: res.headers.get('x-total-count'),
    exceeds: res.headers.get('x-total-count-exceeds'),
    next: /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null,
  };
}

describe('how a search counts', () => {
  it('past 1,000 matches says "more than 1,000" in X-Total-Count-Exceeds, and pages on', async () => {
    const page = await get('/api/pets?adopted=false&sex=female');
    expect(page.pets).toHaveLength(24);
    expect(page.total).toBeNull();
    expect(page.exceeds).toBe('1000');
    expect(page.next).toMatch(/after=/);
    const second = await get(page.next!);
    expect(second.pets[0]!.petName).toBe('Cat 0025');
    expect(second.exceeds).toBe('1000');
  });

  it('walks every match of a sort by offset to the last page', async () => {
    const seen: string[] = [];
    let path: string | null = '/api/pets?adopted=false&sex=female&sort=name&limit=100';
    let last: Awaited<ReturnType<typeof get>> | undefined;
    while (path) {
      last = await get(path);
      seen.push(...last.pets.map((p) => p.petName));
      path = last.next;
    }
    expect(seen).toHaveLength(1030);
    expect(new Set(seen).size).toBe(1030);
    expect(seen.slice(0, 2)).toEqual(['Cat 0001', 'Cat 0002']);
    // the last page too says "more than 1,000", as every page of the search did
    expect(last!.pets).toHaveLength(30);
    expect(last!.total).toBeNull();
    expect(last!.exceeds).toBe('1000');
  });

  it('a distance search past 1,000 matches says "more than" on every page too', async () => {
    // one town of the gazetteer (the whole one is not loaded here), and the cats placed in it
    const leeds = { id: 2644688 };
    await ctx.database.db.execute(sql`
      insert into places (id, name, label, country, population, latitude, longitude)
      values (${leeds.id}, 'Leeds', 'Leeds, United Kingdom', 'GB', 455123, 53.79648, -1.54785)
      on conflict do nothing`);
    await ctx.database.db.execute(sql`
      update pets set place_id = ${leeds.id}, latitude = 53.79648, longitude = -1.54785
      where sex = 'female'`);
    const first = await get(`/api/pets?adopted=false&near=${leeds.id}&within=5&sort=nearest`);
    expect(first.exceeds).toBe('1000');
    expect(first.total).toBeNull();
    const second = await get(first.next!);
    expect(second.exceeds).toBe('1000');
    const byCursor = await get(`/api/pets?adopted=false&near=${leeds.id}&within=5`);
    expect(byCursor.exceeds).toBe('1000');
    expect((await get(byCursor.next!)).exceeds).toBe('1000');
  });

  it('links the next page with the filters the page was read with, a fragment sent left out', async () => {
    // a client may send one (Hono reads neither the route nor the query from it)
    const byCursor = await get('/api/pets?adopted=false&limit=10&sex=male#top');
    expect(byCursor.next).toMatch(/^\/api\/pets\?adopted=false&limit=10&sex=male&after=[^#&]+$/);
    const second = await get(byCursor.next!);
    expect(second.total).toBe('30');
    expect(second.pets.map((p) => p._id)).not.toContain(byCursor.pets[0]!._id);
    const byNumber = await get('/api/pets?adopted=false&sex=male&limit=10&sort=name#top');
    expect(byNumber.next).toBe('/api/pets?adopted=false&sex=male&limit=10&sort=name&page=2');
    const bare = await get('/api/pets#top');
    expect(bare.next).toMatch(/^\/api\/pets\?after=[^#&]+&limit=24$/);
  });

  it('counts exactly under 1,000 matches, and a page that shows every match needs no count', async () => {
    const page = await get('/api/pets?adopted=false&sex=male&limit=10');
    expect(page.total).toBe('30');
    expect(page.exceeds).toBeNull();
    const all = await get('/api/pets?adopted=false&sex=male&limit=50');
    expect(all.pets).toHaveLength(30);
    expect(all.total).toBe('30');
    expect(all.next).toBeNull();
    const none = await get('/api/pets?adopted=false&sex=male&category=cat');
    expect(none.pets).toHaveLength(0);
    expect(none.total).toBe('0');
  });

  it('the unfiltered list and its categories keep exact totals, in every sort', async () => {
    for (const sort of ['', '&sort=newest', '&sort=oldest', '&sort=name']) {
      expect((await get(`/api/pets?adopted=false${sort}`)).total, sort).toBe('1060');
      expect((await get(`/api/pets?adopted=false&category=cat${sort}`)).total, sort).toBe('1030');
    }
  });

  it('a name search counts so far too (decision 047), in every sort', async () => {
    for (const sort of ['', '&sort=newest', '&sort=oldest', '&sort=name']) {
      const many = await get(`/api/pets?adopted=false&search=cat${sort}`);
      expect(many.total, sort).toBeNull();
      expect(many.exceeds, sort).toBe('1000');
      expect(many.pets, sort).toHaveLength(24);
      expect(
        many.pets.every((p) => p.petName.startsWith('Cat ')),
        sort,
      ).toBe(true);
      const second = await get(many.next!);
      expect(second.exceeds, sort).toBe('1000');
      expect(second.pets.map((p) => p._id)).not.toContain(many.pets[0]!._id);
      // under 1,000 matches: exact, on a page with more after it and on one that shows them all
      expect((await get(`/api/pets?adopted=false&search=dog${sort}&limit=10`)).total, sort).toBe(
        '30',
      );
      const few = await get(`/api/pets?adopted=false&search=dog%20104${sort}`);
      expect(few.pets.map((p) => p.petName).sort(), sort).toEqual(
        Array.from({ length: 10 }, (_, i) => `Dog 104${i}`),
      );
      expect(few.total, sort).toBe('10');
      expect(few.next, sort).toBeNull();
    }
  });
});
