import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/helpers/factories';
import { useTestContext } from '../../test/helpers/test-app';
import { readBodyUpTo } from './request-body';

class TooLarge extends Error {}

/** The errors the server answered, in order (a client gone mid-body sees none of its answer). */
const answeredErrors: Error[] = [];

/** A server whose one route answers the JSON it was sent and the exact text it came as. */
const app = new Hono();
app.onError((err, c) => {
  answeredErrors.push(err);
  return c.json({ error: err.message }, err instanceof TooLarge ? 413 : 400);
});
/** Requests whose head the server has read, before their body is. */
let arrived = 0;
app.use(async (_c, next) => {
  arrived += 1;
  await next();
});
app.use(
  readBodyUpTo(16, () => {
    throw new TooLarge('too large');
  }),
);
app.post('/echo', async (c) => c.json({ parsed: await c.req.json(), text: await c.req.text() }));
// what a check of the WHATWG request itself sees (zod-openapi's media-type check reads it)
app.post('/raw', async (c) => c.json({ raw: await c.req.raw.clone().text() }));

let server: ReturnType<typeof serve>;
let base: string;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A body sent in pieces, without Content-Length (chunked). */
const chunked = (...parts: string[]) => ({
  body: new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  }),
  duplex: 'half' as const,
});

const post = async (init: RequestInit) => {
  const res = await fetch(`${base}/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...init,
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('a request body read from the socket', () => {
  it('answers the JSON and its exact text, sent whole or in pieces', async () => {
    expect(await post({ body: '{"a": 1}' })).toEqual({
      status: 200,
      body: { parsed: { a: 1 }, text: '{"a": 1}' },
    });
    expect(await post(chunked('{"a"', ': "é"}'))).toEqual({
      status: 200,
      body: { parsed: { a: 'é' }, text: '{"a": "é"}' },
    });
  });

  it('drops a leading byte order mark, as fetch does', async () => {
    expect(await post({ body: '\uFEFF[1]' })).toEqual({
      status: 200,
      body: { parsed: [1], text: '[1]' },
    });
  });

  it('refuses a body over the limit, declared or sent in pieces, and keeps serving', async () => {
    expect((await post({ body: JSON.stringify('x'.repeat(20)) })).status).toBe(413);
    expect((await post(chunked('["0123456789', '0123456789"]'))).status).toBe(413);
    expect((await post({ body: '[2]' })).status).toBe(200);
  });

  it('leaves a body not declared as JSON to the WHATWG request, where checks of its type see it', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const res = await fetch(`${base}/raw`, { method: 'POST', headers, body: new Blob(['[4]']) });
      expect(await res.json()).toEqual({ raw: '[4]' });
    }
  });

  it('hands on what a client sent before it went away: malformed JSON, not a stream error', async () => {
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const [arrivedBefore, before] = [arrived, answeredErrors.length];
    socket.write(
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"a":',
    );
    // the server has the head and part of the body; then the client is gone
    await expect.poll(() => arrived).toBe(arrivedBefore + 1);
    socket.destroy();
    await expect.poll(() => answeredErrors.length).toBe(before + 1);
    expect(answeredErrors.at(-1)).toBeInstanceOf(SyntaxError);
  });

  it('is read by hono without a node request (app.request)', async () => {
    const ok = await app.request('/echo', { method: 'POST', body: '[3]' });
    expect(await ok.json()).toEqual({ parsed: [3], text: '[3]' });
    const big = await app.request('/echo', {
      method: 'POST',
      body: JSON.stringify('y'.repeat(20)),
    });
    expect(big.status).toBe(413);
  });
});

describe('the API over a socket', () => {
  const ctx = useTestContext();

  it('refuses the body of a JSON route sent without a JSON type with 415, as app.request does', async () => {
    const alice = await createUser(ctx.database.db);
    const api = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => api.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/add-pet`;
      const body = JSON.stringify({ petName: 'Rex' });
      for (const type of ['text/plain', undefined]) {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${alice.token}`,
            ...(type && { 'content-type': type }),
          },
          body: new Blob([body]),
        });
        expect(res.status).toBe(415);
        expect(((await res.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
