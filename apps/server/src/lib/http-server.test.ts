import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { settlesWithin } from '../../test/helpers/settles-within';
import { closeServer, type HttpServer, KEEP_ALIVE_SECONDS, listen } from './http-server';

const agent = new http.Agent({ keepAlive: true });
let server: HttpServer | undefined;
afterEach(() => {
  agent.destroy();
  server?.close();
});

/** A server answering each request's body back, as the app answers. */
async function echoServer() {
  server = await listen(async (req) => new Response(await req.text()), {
    port: 0,
    host: '127.0.0.1',
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the HTTP server', () => {
  it('keeps idle connections open longer than a proxy keeps them, and says so', async () => {
    const url = await echoServer();
    const res = await fetch(url, { method: 'POST', body: 'hello' });
    expect(await res.text()).toBe('hello');
    expect(res.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_SECONDS}`);
    expect(KEEP_ALIVE_SECONDS).toBeGreaterThan(60);
  });

  it('answers a request under way when it closes, then ends that connection at once, not after the keep-alive time', async () => {
    const url = await echoServer();
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'text/plain', expect: '100-continue' },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    // the server has read the request's head (it asks for the body): the request is under way
    await new Promise((resolve) => req.once('continue', resolve));
    const closing = closeServer(server!);
    req.end('last words');
    const res = await answered;
    let body = '';
    for await (const chunk of res) body += String(chunk);
    expect(body).toBe('last words');
    // the connection was to be kept alive after this answer, and was closed all the same
    expect(res.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_SECONDS}`);
    expect(await settlesWithin(5000, closing)).toBe(true);
  });
});
