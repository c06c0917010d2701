import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@pet-haven/shared/pagination';
import { sql } from 'drizzle-orm';
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
    // the public list pages in keyset order (decision 028): the links carry a cursor, not a number
    expect(visited).toEqual([
      '/api/pets?category=cat&limit=2',
      expect.stringMatching(/^\/api\/pets\?category=cat&limit=2&after=\d+_[0-9a-f-]{36}$/),
      expect.stringMatching(/^\/api\/pets\?category=cat&limit=2&after=\d+_[0-9a-f-]{36}$/),
    ]);
    const byNumber = await ctx.request('/api/pets?category=cat&limit=2&page=2');
    expect(byNumber.body).toEqual((await ctx.request(visited[1]!)).body);
    expect(nextOf(byNumber)).toBe(visited[2]);
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

  it('walks a keyset list exactly while pets are added and removed, ties in time included', async () => {
    const picture = await uploadPicture(ctx, owner.token);
    const added: string[] = [];
    for (let i = 0; i < 7; i += 1)
      added.push(
        (
          await addPetVia(ctx, owner.token, {
            petImage: picture,
            petName: `Twin ${i}`,
            petCategory: 'bird',
          })
        )._id,
      );
    // four of them added in the same microsecond: the id orders them
    await ctx.database.db.execute(
      sql`update pets set date_added = '2026-01-01 10:00:00.123456+00' where id in (${sql.join(
        added.slice(1, 5).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const first = await ctx.request('/api/pets?category=bird&limit=3');
    const seen = (first.body as { _id: string }[]).map((p) => p._id);
    // meanwhile a pet is added (it is newer: not in this walk) and one not yet seen is removed
    await addPetVia(ctx, owner.token, { petImage: picture, petName: 'Late', petCategory: 'bird' });
    const gone = added.find((id) => !seen.includes(id) && id !== added[0])!;
    expect(
      (await ctx.request(`/api/pet/${gone}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(200);
    const rest = await walk(nextOf(first)!);
    const walked = [...seen, ...rest.ids];
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.sort()).toEqual(added.filter((id) => id !== gone).sort());
  });

  it('answers 400 naming after for a cursor it did not make', async () => {
    for (const bad of [
      'x',
      '123_not-a-uuid',
      '1'.repeat(18) + '_' + '0'.repeat(36),
      '12_ABCDEF00-0000-0000-0000-000000000000',
    ]) {
      const res = await ctx.request(`/api/pets?after=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body), bad).toContain('after');
    }
    const campaigns = await ctx.request('/api/donation-campaigns?after=nope');
    expect(campaigns.status).toBe(400);
  });

  it('pages the public campaigns 9 at a time by cursor, without a total', async () => {
    const other = await createUser(ctx.database.db, { name: 'Cam Paign' });
    const picture = await uploadPicture(ctx, other.token);
    for (let i = 0; i < 10; i += 1)
      await createCampaignVia(ctx, other.token, { petPicture: picture, petName: `Pet ${i}` });
    const first = await ctx.request('/api/donation-campaigns');
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBeNull();
    expect(first.body).toHaveLength(9);
    const all = await walk('/api/donation-campaigns');
    expect(all.totals).toEqual([null]);
    expect(all.visited[1]).toMatch(/^\/api\/donation-campaigns\?after=\d+_[0-9a-f-]{36}&limit=9$/);
    expect(all.ids.length).toBeGreaterThanOrEqual(10);
    expect(new Set(all.ids).size).toBe(all.ids.length);
    // page numbers of the spec still work
    const second = await ctx.request('/api/donation-campaigns?page=2');
    expect(second.body).toEqual((await ctx.request(all.visited[1]!)).body);
  });

  it('declares Link, page and limit on every paged list of the OpenAPI document, and X-Total-Count on all but the public campaigns', async () => {
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
        .filter(([, op]) => op.responses['200']?.headers?.[LINK_HEADER])
        .map(([method, op]) => ({ route: `${method} ${path}`, op })),
    );
    expect(paged.map((p) => p.route).sort()).toEqual(
      [
        'get /admin/audit-log',
        'get /admin/donation-campaigns',
        'get /adoption-requests/{id}/messages',
        'get /user/adoption-requests',
        'get /all-pets',
        'get /donation-campaigns',
        'get /donations',
        'get /donations/{id}/donators',
        'get /user/my-adoption-requests',
        'get /pets',
        'get /user/donations',
        'get /user/favourites',
        'get /user/saved-searches',
        'get /user/pets',
        'get /users',
      ].sort(),
    );
    for (const { route, op } of paged) {
      const headers = Object.keys(op.responses['200']!.headers!);
      if (route === 'get /donation-campaigns') expect(headers).not.toContain(TOTAL_COUNT_HEADER);
      else expect(headers, route).toContain(TOTAL_COUNT_HEADER);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query, route).toEqual(expect.arrayContaining(['page', 'limit']));
    }
  });
});
