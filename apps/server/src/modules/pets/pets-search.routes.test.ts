import { birthDateFromAge, petSchema, placeSchema, type Pet } from '@pet-haven/shared/pets';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../../test/helpers/expect';
import { addPetVia } from '../../../test/helpers/pets';
import { uploadPicture } from '../../../test/helpers/pictures';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { loadPlacesIfEmpty } from '../places/places.loader';

// Issue 14: pet facts, the gazetteer, distance search, filters and sorts of GET /api/pets.
const ctx = useTestContext();
const { owner } = useUsers(ctx, { owner: { name: 'Olive Owner' } });

const tag = `t${Date.now().toString(36)}`;
const today = new Date().toISOString().slice(0, 10);
const bornAgo = (years: number, months = 0) => birthDateFromAge(years, months, today);

/** GeoNames coordinates of the cities used below (the gazetteer's own). */
const coords = {
  Leeds: [53.79648, -1.54785],
  York: [53.95763, -1.08271],
  Manchester: [53.48095, -2.23743],
  London: [51.50853, -0.12574],
  Paris: [48.85341, 2.3488],
} as const;
type City = keyof typeof coords;

/** Great-circle distance (haversine) in km on a sphere of the mean earth radius. */
function greatCircleKm(a: City, b: City): number {
  const [lat1, lon1] = coords[a].map((d) => (d * Math.PI) / 180) as [number, number];
  const [lat2, lon2] = coords[b].map((d) => (d * Math.PI) / 180) as [number, number];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

const placeIds = {} as Record<City, number>;
const listSchema = z.array(petSchema);

async function findPlace(name: City, country: string) {
  const res = await ctx.request(`/api/places?q=${encodeURIComponent(name)}`);
  expect(res.status).toBe(200);
  const found = z
    .array(placeSchema)
    .parse(res.body)
    .find((p) => p.label === `${name}, ${country}`);
  expect(found, `${name}, ${country}`).toBeDefined();
  return found!;
}

async function list(query: string): Promise<Pet[]> {
  const res = await ctx.request(`/api/pets?adopted=false&search=${tag}&limit=50&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return listSchema.parse(res.body);
}
const names = (pets: Pet[]) => pets.map((p) => p.petName.replace(`${tag} `, ''));

beforeAll(async () => {
  await loadPlacesIfEmpty(ctx.database.db);
  for (const [city, country] of [
    ['Leeds', 'United Kingdom'],
    ['York', 'United Kingdom'],
    ['Manchester', 'United Kingdom'],
    ['London', 'United Kingdom'],
    ['Paris', 'France'],
  ] as const) {
    placeIds[city] = (await findPlace(city, country)).id;
  }
  // in order of listing: the newest last
  const pets = [
    {
      petName: 'Ada',
      petCategory: 'dog',
      place: 'Leeds',
      sex: 'female',
      size: 'small',
      birthDate: bornAgo(0, 3),
      goodWithChildren: 'yes',
    },
    {
      petName: 'Bo',
      petCategory: 'dog',
      place: 'York',
      sex: 'male',
      size: 'large',
      birthDate: bornAgo(3),
      goodWithDogs: 'yes',
    },
    {
      petName: 'Cy',
      petCategory: 'cat',
      place: 'Manchester',
      sex: 'female',
      size: 'medium',
      birthDate: bornAgo(11),
      goodWithChildren: 'yes',
      goodWithCats: 'yes',
    },
    { petName: 'Di', petCategory: 'cat', place: 'London', sex: 'male', birthDate: bornAgo(1, 6) },
    { petName: 'Ed', petCategory: 'dog', place: 'Paris', sex: 'unknown', size: 'extra-large' },
    { petName: 'Fi', petCategory: 'bird', place: null },
  ] as const;
  for (const { place, petName, ...facts } of pets) {
    await addPetVia(ctx, owner.token, {
      petName: `${tag} ${petName}`,
      ...facts,
      ...(place ? { placeId: placeIds[place as City] } : {}),
    });
  }
}, 120_000);

describe('the gazetteer', () => {
  it('suggests places by the start of their name, the most populous first', async () => {
    const res = await ctx.request('/api/places?q=leed');
    const places = z.array(placeSchema).parse(res.body);
    expect(places[0]!.label).toBe('Leeds, United Kingdom');
    expect(places.length).toBeLessThanOrEqual(10);
    // names that repeat within a country carry their region
    const springfields = z
      .array(placeSchema)
      .parse((await ctx.request('/api/places?q=Springfield')).body);
    expect(springfields.some((p) => /^Springfield, [A-Z0-9]+, United States$/.test(p.label))).toBe(
      true,
    );
    expect(expectInvalid(await ctx.request('/api/places?q='))[0]).toBe('query.q');
    expect((await ctx.request('/api/places?q=%25')).body).toEqual([]);
  });
});

describe('facts of a pet', () => {
  it('answers the facts given, the place, and the age worked out from the birth date', async () => {
    const [ada] = await list('sort=name');
    expect(ada).toMatchObject({
      petName: `${tag} Ada`,
      sex: 'female',
      size: 'small',
      birthDate: bornAgo(0, 3),
      ageGroup: 'baby',
      petAge: '3 months',
      goodWithChildren: 'yes',
      goodWithDogs: 'unknown',
      place: { id: placeIds.Leeds, label: 'Leeds, United Kingdom' },
    });
    const [fi] = await list('category=bird');
    expect(fi).toMatchObject({
      sex: 'unknown',
      size: null,
      birthDate: null,
      ageGroup: null,
      breed: null,
      place: null,
      petAge: '2 years',
    });
  });

  it('refuses bad facts with 400 naming the field, and changes them one by one', async () => {
    const petImage = await uploadPicture(ctx, owner.token);
    const add = (extra: object) =>
      ctx.request('/api/add-pet', {
        token: owner.token,
        json: {
          petImage,
          petName: 'X',
          petAge: '1',
          petLocation: 'Y',
          petCategory: 'dog',
          shortDescription: 'Z',
          longDescription: 'W',
          ...extra,
        },
      });
    for (const [extra, path] of [
      [{ sex: 'other' }, 'json.sex'],
      [{ size: 'huge' }, 'json.size'],
      [{ birthDate: '2026-13-01' }, 'json.birthDate'],
      [{ birthDate: '1970-01-01' }, 'json.birthDate'],
      [{ goodWithCats: 'maybe' }, 'json.goodWithCats'],
      [{ placeId: 'Leeds' }, 'json.placeId'],
      [{ placeId: 1 }, 'json.placeId'],
      [{ placeId: 3_000_000_000 }, 'json.placeId'],
      [{ birthDate: '2999-01-01' }, 'json.birthDate'],
      [{ breed: 'x'.repeat(101) }, 'json.breed'],
    ] as const) {
      expect(expectInvalid(await add(extra))[0], JSON.stringify(extra)).toBe(path);
    }
    const bo = (await list('')).find((p) => p.petName === `${tag} Bo`);
    const changed = await ctx.request(`/api/update-pet/${bo!._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { size: null, breed: 'Greyhound', placeId: placeIds.London },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      size: null,
      breed: 'Greyhound',
      sex: 'male',
      place: { label: 'London, United Kingdom' },
    });
    await ctx.request(`/api/update-pet/${bo!._id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { size: 'large', placeId: placeIds.York },
    });
  });
});

describe('filters and sorts', () => {
  it('filters by each fact, and by several at once', async () => {
    expect(names(await list('ageGroup=baby'))).toEqual(['Ada']);
    // Bo: a dog of 3 years is an adult; Di: a cat of 18 months is young; Cy: a cat of 11, a senior
    expect(names(await list('ageGroup=adult'))).toEqual(['Bo']);
    expect(names(await list('ageGroup=young'))).toEqual(['Di']);
    expect(names(await list('ageGroup=senior'))).toEqual(['Cy']);
    expect(await list('ageGroup=adult&category=cat')).toEqual([]);
    expect(names(await list('ageGroup=young&category=cat'))).toEqual(['Di']);
    expect(names(await list('size=extra-large'))).toEqual(['Ed']);
    expect(names(await list('sex=female&sort=name'))).toEqual(['Ada', 'Cy']);
    expect(names(await list('goodWithChildren=true&sort=name'))).toEqual(['Ada', 'Cy']);
    expect(names(await list('goodWithChildren=true&goodWithCats=true'))).toEqual(['Cy']);
    expect(names(await list('goodWithDogs=true&sex=male&category=dog'))).toEqual(['Bo']);
    expect(await list('sex=male&size=small')).toEqual([]);
  });

  it('sorts newest, oldest and by name; pages every sort by the next link', async () => {
    expect(names(await list(''))).toEqual(['Fi', 'Ed', 'Di', 'Cy', 'Bo', 'Ada']);
    expect(names(await list('sort=oldest'))).toEqual(['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Fi']);
    expect(names(await list('sort=name&category=cat'))).toEqual(['Cy', 'Di']);
    for (const sort of ['newest', 'oldest', 'name']) {
      const seen: string[] = [];
      let next: string | null =
        `/api/pets?adopted=false&search=${tag}&limit=4&sort=${sort}&sex=female`;
      while (next) {
        const res = await ctx.request(next);
        seen.push(...names(listSchema.parse(res.body)));
        next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      }
      expect(seen.sort()).toEqual(['Ada', 'Cy']);
    }
  });

  it('pages the sorts other than newest by offset, whatever cursor is sent', async () => {
    const first = await ctx.request(`/api/pets?adopted=false&search=${tag}&limit=2`);
    const cursorLink = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get('link') ?? '')![1]!;
    const after = new URL(cursorLink, 'http://x').searchParams.get('after');
    expect(after).toBeTruthy();
    const byName = await ctx.request(
      `/api/pets?adopted=false&search=${tag}&limit=2&sort=name&after=${encodeURIComponent(after!)}`,
    );
    expect(names(listSchema.parse(byName.body))).toEqual(['Ada', 'Bo']);
    expect(byName.headers.get('x-total-count')).toBe('6');
    expect(byName.headers.get('link')).toMatch(/page=2/);
  });

  it('finds pets within a distance, each within 1% of the great-circle distance', async () => {
    const near = await list(`near=${placeIds.Leeds}&within=50&sort=nearest`);
    expect(names(near)).toEqual(['Ada', 'Bo']);
    expect(near[0]!.distanceKm).toBe(0);
    const york = near[1]!.distanceKm!;
    expect(
      Math.abs(york - greatCircleKm('Leeds', 'York')) / greatCircleKm('Leeds', 'York'),
    ).toBeLessThan(0.01);

    const wider = await list(`near=${placeIds.Leeds}&within=100&sort=nearest`);
    expect(names(wider)).toEqual(['Ada', 'Bo', 'Cy']);
    const manchester = wider[2]!.distanceKm!;
    expect(
      Math.abs(manchester - greatCircleKm('Leeds', 'Manchester')) /
        greatCircleKm('Leeds', 'Manchester'),
    ).toBeLessThan(0.01);

    const fromLondon = await list(`near=${placeIds.London}&within=400&sort=nearest`);
    const cityOf: Record<string, City> = {
      Di: 'London',
      Ed: 'Paris',
      Cy: 'Manchester',
      Bo: 'York',
      Ada: 'Leeds',
    };
    const byDistance = Object.keys(cityOf).sort(
      (a, b) => greatCircleKm('London', cityOf[a]!) - greatCircleKm('London', cityOf[b]!),
    );
    expect(names(fromLondon)).toEqual(byDistance);
    const paris = fromLondon.find((p) => p.petName.endsWith(' Ed'))!;
    // London-Paris: 343.5 km on the great circle
    expect(Math.abs(paris.distanceKm! - 343.5) / 343.5).toBeLessThan(0.01);
    // the default radius is 25 km; other filters combine with distance
    expect(names(await list(`near=${placeIds.Leeds}`))).toEqual(['Ada']);
    expect(names(await list(`near=${placeIds.Leeds}&within=100&sex=female&sort=name`))).toEqual([
      'Ada',
      'Cy',
    ]);
  });

  it('tells the total of a distance search on every page, by offset and by cursor', async () => {
    const base = `/api/pets?adopted=false&search=${tag}&near=${placeIds.London}&within=400&limit=2`;
    for (const sort of ['nearest', 'newest']) {
      let path: string | null = `${base}&sort=${sort}`;
      const seen: string[] = [];
      while (path) {
        const res = await ctx.request(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-total-count'), `${sort}: ${path}`).toBe('5');
        seen.push(...names(listSchema.parse(res.body)));
        path = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      }
      expect(seen.sort()).toEqual(['Ada', 'Bo', 'Cy', 'Di', 'Ed']);
    }
    const past = await ctx.request(`${base}&sort=nearest&page=9`);
    expect(listSchema.parse(past.body)).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('5');
  });

  it('answers 400 naming the parameter for a bad value', async () => {
    for (const [query, path] of [
      ['ageGroup=ancient', 'query.ageGroup'],
      ['size=huge', 'query.size'],
      ['sex=unknown', 'query.sex'],
      ['goodWithCats=false', 'query.goodWithCats'],
      ['sort=random', 'query.sort'],
      ['sort=nearest', 'query.sort'],
      ['within=10', 'query.within'],
      [`near=${placeIds.Leeds}&within=0`, 'query.within'],
      [`near=${placeIds.Leeds}&within=5000`, 'query.within'],
      ['near=abc', 'query.near'],
      ['near=3000000000', 'query.near'],
      ['near=1', 'query.near'],
    ] as const) {
      expect(expectInvalid(await ctx.request(`/api/pets?${query}`))[0], query).toBe(path);
    }
  });
});
