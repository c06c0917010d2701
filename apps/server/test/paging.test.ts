import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import { describe, expect, it } from 'vitest';
import { createCampaignVia, donateVia } from './helpers/campaigns';
import { createUser } from './helpers/factories';
import { addPetVia } from './helpers/pets';
import { uploadPicture } from './helpers/pictures';
import { useTestContext, useUsers } from './helpers/test-app';

/**
 * The one paging contract (decision 020), across every list: the JSON array of one page,
 * X-Total-Count, and `Link: <...>; rel="next"` while there is a next page, the URL keeping the
 * list's filters. Clients follow that link, so how the server pages can change in one place.
 */
const ctx = useTestContext();
const { owner, donor } = useUsers(ctx, { owner: { name: 'Olive Owner' }, donor: { name: 'Dan' } });

const nextOf = (res: { headers: Headers }) =>
  /^<([^>]+)>; rel="next"$/.exec(res.headers.get(LINK_HEADER) ?? '')?.[1] ?? null;

/** Follows Link rel="next" from `first` to the end; answers every page's ids and totals. */
async function walk(first: string, token?: string) {
  const ids: string[] = [];
  const totals = new Set<string | null>();
  const visited: string[] = [];
  for (let url: string | null = first; url;) {
    visited.push(url);
    const res = await ctx.request(url, { token });
    expect(res.status, url).toBe(200);
    totals.add(res.headers.get(TOTAL_COUNT_HEADER));
    ids.push(...(res.body as { _id?: string; id?: string }[]).map((r) => r._id ?? r.id ?? ''));
    url = nextOf(res);
    expect(visited.length).toBeLessThan(20);
  }
  return { ids, totals: [...totals], visited };
}

describe('paging', () => {
  it('links the public pet list page by page, keeping its filters, and stops after the last', async () => {
    const picture = await uploadPicture(ctx, owner.token);
    for (let i = 0; i < 5; i += 1)
      await addPetVia(ctx, owner.token, {
        petImage: picture,
        petName: `Cat ${i}`,
        petCategory: 'cat',
      });
    await addPetVia(ctx, owner.token, { petImage: picture, petName: 'Rex', petCategory: 'dog' });

    const { ids, totals, visited } = await walk('/api/pets?category=cat&limit=2');
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(totals).toEqual(['5']);
    expect(visited).toEqual([
      '/api/pets?category=cat&limit=2',
      '/api/pets?category=cat&limit=2&page=2',
      '/api/pets?category=cat&limit=2&page=3',
    ]);
    // an exact last page has no next link either
    const exact = await ctx.request('/api/pets?category=cat&limit=5');
    expect(exact.body).toHaveLength(5);
    expect(exact.headers.get(LINK_HEADER)).toBeNull();
    // past the end: an empty page, the total, no link
    const past = await ctx.request('/api/pets?category=cat&limit=5&page=9');
    expect(past.body).toEqual([]);
    expect(past.headers.get(TOTAL_COUNT_HEADER)).toBe('5');
    expect(past.headers.get(LINK_HEADER)).toBeNull();
  });

  it('pages the donators and my donations 20 at a time, never only the first page silently', async () => {
    const campaign = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 5000 });
    for (let i = 0; i < 23; i += 1) await donateVia(ctx, donor.token, campaign._id, 1 + i);

    const donators = await walk(`/api/donations/${campaign._id}/donators`, owner.token);
    expect(donators.totals).toEqual(['23']);
    expect(donators.visited).toHaveLength(2);
    expect(new Set(donators.ids).size).toBe(23);

    const mine = await walk('/api/user/donations', donor.token);
    expect(mine.totals).toEqual(['23']);
    expect(mine.visited).toEqual(['/api/user/donations', '/api/user/donations?page=2&limit=20']);
    expect(new Set(mine.ids).size).toBe(23);
  });

  it('pages the public campaigns 9 at a time with their total', async () => {
    const other = await createUser(ctx.database.db, { name: 'Cam Paign' });
    const picture = await uploadPicture(ctx, other.token);
    for (let i = 0; i < 10; i += 1)
      await createCampaignVia(ctx, other.token, { petPicture: picture, petName: `Pet ${i}` });
    const first = await ctx.request('/api/donation-campaigns');
    const total = Number(first.headers.get(TOTAL_COUNT_HEADER));
    expect(total).toBeGreaterThanOrEqual(10);
    expect(first.body).toHaveLength(9);
    const all = await walk('/api/donation-campaigns');
    expect(new Set(all.ids).size).toBe(total);
  });

  it('declares X-Total-Count and Link on every paged list of the OpenAPI document, with page and limit', async () => {
    const doc = (await ctx.request('/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const paged = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.responses['200']?.headers?.[TOTAL_COUNT_HEADER])
        .map(([method, op]) => ({ route: `${method} ${path}`, op })),
    );
    expect(paged.map((p) => p.route).sort()).toEqual(
      [
        'get /admin/audit-log',
        'get /admin/donation-campaigns',
        'get /user/adoption-requests',
        'get /all-pets',
        'get /donation-campaigns',
        'get /donations',
        'get /donations/{id}/donators',
        'get /user/my-adoption-requests',
        'get /pets',
        'get /user/donations',
        'get /user/pets',
        'get /users',
      ].sort(),
    );
    for (const { route, op } of paged) {
      expect(Object.keys(op.responses['200']!.headers!), route).toContain(LINK_HEADER);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query, route).toEqual(expect.arrayContaining(['page', 'limit']));
    }
  });
});
