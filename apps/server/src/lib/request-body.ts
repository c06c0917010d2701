import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** A JSON media type (`application/json`, `application/problem+json`, with parameters or not). */
export const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * The request's body, at most `maxSize` bytes, read for the handler into hono's body cache as
 * text: `c.req.json()` and `c.req.text()` (the validators, the Stripe webhook's raw bytes) answer
 * from it. `tooLarge` throws the answer for a larger body, as soon as it is known (a declared
 * Content-Length, or the bytes read so far).
 *
 * Under the node server the body is read from the socket's stream itself: asking for
 * `c.req.raw.body` there turns the node server's lightweight request into a full WHATWG Request
 * with web streams, about 5 % of a donation's CPU (docs/benchmarks.md). Without a node request
 * (`app.request` in tests) hono's own bodyLimit reads it, as it reads a body that is not declared
 * as JSON: the routes' media-type check (a 415) looks at the WHATWG Request's own body.
 */
export function readBodyUpTo(maxSize: number, tooLarge: () => never): MiddlewareHandler {
  const withoutNode = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const type = incoming?.headers['content-type'];
    if (!incoming || !type || !JSON_CONTENT_TYPE.test(type.trim())) return withoutNode(c, next);
    const declared = incoming.headers['content-length'];
    const chunked = incoming.headers['transfer-encoding'] !== undefined;
    if (declared !== undefined && !chunked && Number(declared) > maxSize) tooLarge();
    const body = await bytesUpTo(incoming, maxSize);
    if (!body) tooLarge();
    // hono keeps the promise of each reading in its body cache (its type says the value); the
    // text is decoded as fetch's text() decodes it: UTF-8, a leading byte order mark dropped
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(
      new TextDecoder().decode(body),
    );
    return next();
  };
}

/**
 * All of `incoming`'s bytes, or null as soon as they pass `maxSize` (it is then left unread). A
 * client gone before the end leaves the bytes it sent: not JSON, answered as malformed (a 400),
 * as the validator answered it before.
 */
function bytesUpTo(incoming: IncomingMessage, maxSize: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onEnd).off('close', onEnd);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        stop();
        incoming.pause();
        resolve(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onEnd).on('close', onEnd);
  });
}
