import { describe, expect, it } from 'vitest';
import { makePet } from '@/features/pets/test-data';
import {
  answer,
  apiError,
  networkError,
  page,
  pageFrom,
  requests,
  takeProblems,
} from './api-handlers';
import { server } from './server';

// The fake API must fail a test that breaks the contract: these tests break it on purpose and
// take the problems themselves (vitest.setup.ts would otherwise fail them).

describe('answer (MSW handlers typed from the shared schemas)', () => {
  it('answers the JSON with the route status, X-Total-Count for pages, and records the request', async () => {
    const pets = [makePet(), makePet()];
    server.use(
      answer('GET /api/pets', () => page(pets, 30)),
      answer('POST /api/add-pet', ({ body }) => makePet({ petName: body.petName })),
    );
    const list = await fetch('/api/pets?page=2', { headers: { authorization: 'Bearer t' } });
    expect(list.status).toBe(200);
    expect(list.headers.get('X-Total-Count')).toBe('30');
    expect(await list.json()).toEqual(pets);

    const created = await fetch('/api/add-pet', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...pets[0],
        _id: undefined,
        dateAdded: undefined,
        adopted: undefined,
      }),
    });
    expect(created.status).toBe(201);
    expect(requests.map((q) => q.key)).toEqual(['GET /api/pets', 'POST /api/add-pet']);
    expect(requests[0]?.query.get('page')).toBe('2');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer t');
    expect(requests[1]?.json()).toMatchObject({ petName: pets[0]?.petName });
    expect(takeProblems()).toEqual([]);
  });

  it('gives decoded path parameters', async () => {
    let seen = '';
    server.use(
      answer('GET /api/users/admin/:email', ({ params }) => {
        seen = params.email;
        return { admin: false };
      }),
    );
    await fetch(`/api/users/admin/${encodeURIComponent('ann+x@example.com')}`);
    expect(seen).toBe('ann+x@example.com');
  });

  it('a list route without page() still says how many in X-Total-Count', async () => {
    server.use(answer('GET /api/user/pets', () => [makePet()]));
    expect((await fetch('/api/user/pets')).headers.get('X-Total-Count')).toBe('1');
  });

  it('links a page to the next one like the server (same path and filters, page + 1), not the last', async () => {
    const all = Array.from({ length: 25 }, () => makePet());
    server.use(answer('GET /api/pets', ({ paging }) => pageFrom(all, paging)));
    const first = await fetch('/api/pets?category=dog&page=1&limit=10');
    expect(first.headers.get('X-Total-Count')).toBe('25');
    expect(first.headers.get('Link')).toBe('</api/pets?category=dog&page=2&limit=10>; rel="next"');
    // the server's default limit (24 for pets) when the query has none
    const byDefault = await fetch('/api/pets');
    expect(await byDefault.json()).toHaveLength(24);
    expect(byDefault.headers.get('Link')).toBe('</api/pets?page=2&limit=24>; rel="next"');
    const last = await fetch('/api/pets?category=dog&page=3&limit=10');
    expect(await last.json()).toHaveLength(5);
    expect(last.headers.get('Link')).toBeNull();
    expect(takeProblems()).toEqual([]);
  });

  it('fails the test when the app asks a list for a page the server would refuse', async () => {
    server.use(answer('GET /api/user/donations', () => []));
    const res = await fetch('/api/user/donations?limit=1000');
    expect(res.status).toBe(400);
    const problems = takeProblems();
    expect(problems[0]).toMatch(
      /GET \/api\/user\/donations: the app sent a query the server would refuse/,
    );
    expect(problems[0]).toMatch(/limit/);
  });

  it('fails the test when a fake answer does not match the schema', async () => {
    server.use(
      // @ts-expect-error petCategory is one of the shared categories
      answer('GET /api/pets/:id', () => ({ ...makePet(), petCategory: 'hamster' })),
    );
    const res = await fetch('/api/pets/1');
    expect(res.status).toBe(500);
    const problems = takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/GET \/api\/pets\/:id: the test's fake answer does not match/);
    expect(problems[0]).toMatch(/petCategory/);
  });

  it('fails the test when the app sends a body the server would refuse', async () => {
    server.use(answer('POST /api/adoption-requests', () => apiError(500, 'INTERNAL_ERROR')));
    const res = await fetch('/api/adoption-requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ petId: 'not-a-uuid', phone: '', address: 'x' }),
    });
    expect(res.status).toBe(400);
    const problems = takeProblems();
    expect(problems[0]).toMatch(/the app sent a body the server would refuse/);
    expect(problems[0]).toMatch(/petId/);
  });

  it('fails the test when no handler answers a request', async () => {
    await expect(fetch('/api/no-such-route')).rejects.toThrow();
    expect(takeProblems()).toEqual(['No test handler for GET /api/no-such-route']);
  });

  it('sends any Response as it is: API errors in the one shape, and network failures', async () => {
    server.use(
      answer('GET /api/pets/:id', () =>
        apiError(400, 'VALIDATION_FAILED', 'Bad id', [{ path: 'param.id', message: 'Bad id' }]),
      ),
      answer('GET /api/donations/:id', () => networkError()),
    );
    const refused = await fetch('/api/pets/x');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Bad id',
      issues: [{ path: 'param.id', message: 'Bad id' }],
    });
    await expect(fetch('/api/donations/x')).rejects.toThrow(TypeError);
  });
});
