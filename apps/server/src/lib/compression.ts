import { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * Content negotiation of compressed answers (decision 022): the static files' precompressed
 * variants (web/static-files.ts) and answers compressed on the fly (compressAnswers).
 */

/** The encodings the server produces, in its order of preference when a client accepts both. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Answers that compress well (text); images, archives and fonts are compressed already. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|image\/svg\+xml)/i;
/** Never compressed on the fly: a live stream must reach the client as it is written. */
const EVENT_STREAM = /^text\/event-stream/i;

export const isCompressible = (type: string | null | undefined) =>
  Boolean(type && COMPRESSIBLE.test(type) && !EVENT_STREAM.test(type));

/**
 * The encoding to answer with among `available` (ENCODINGS order), from an Accept-Encoding
 * header: the highest q-value wins, br before gzip on a tie; `*` stands for any encoding not
 * named; q=0 refuses one. null: identity (no header, nothing acceptable available).
 */
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    if (!Number.isFinite(q)) continue;
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const any = weights.get('*');
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const q = weights.get(encoding) ?? any ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds Accept-Encoding to Vary (the answer depends on it), once. */
export function varyOnAcceptEncoding(headers: Headers) {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
    headers.set('vary', `${vary}, Accept-Encoding`);
  }
}

/**
 * A strong ETag for one encoding of a content: `"<tag>"` for identity, `"<tag>-br"`,
 * `"<tag>-gzip"`: each representation has its own, as a strong validator must.
 */
export const encodedEtag = (tag: string, encoding: Encoding | null) =>
  `"${tag}${encoding ? `-${encoding}` : ''}"`;

/** Whether If-None-Match names this ETag (or is `*`): the client's copy is current, answer 304. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * On the fly, levels are for speed: brotli 5 and gzip 6 cost about a millisecond for an API
 * answer of 100 KB and keep most of the gain; the build's precompressed files use the maximum.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/** Compresses a whole body (answers built in memory: the API's JSON). */
export function compressBuffer(encoding: Encoding, body: Buffer): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: GZIP_LEVEL });
}

/** A stream compressor that flushes what it has after each chunk written (a streamed page keeps streaming). */
function compressionStream(encoding: Encoding) {
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
          flush: constants.BROTLI_OPERATION_FLUSH,
        })
      : createGzip({ level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH });
  return Duplex.toWeb(compressor) as unknown as {
    readable: ReadableStream<Uint8Array>;
    writable: WritableStream<Uint8Array>;
  };
}

/** Below this, compression saves less than it costs (headers, CPU): sent as it is. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses text answers (the API's JSON, pages, XML) by Accept-Encoding (br or gzip), with
 * Vary: Accept-Encoding. JSON is built in memory: it is read whole, left alone below the
 * threshold, and sent with its compressed Content-Length. Other text is compressed as it
 * streams (no Content-Length). Untouched: answers already encoded (the precompressed static
 * files), HEAD, no body (204, 304), partial content, images and other binary types, event
 * streams, `Cache-Control: no-transform`.
 */
export function compressAnswers(threshold = COMPRESSION_THRESHOLD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type');
    // `res.body` is read last, when there is something to compress: on the Node server it turns
    // the answer's lightweight stand-in into a full Response, which costs more than the check.
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('content-encoding') ||
      !isCompressible(type) ||
      /(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('cache-control') ?? '')
    ) {
      return;
    }
    varyOnAcceptEncoding(res.headers);
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < threshold) return;
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    if (!encoding || !res.body) return;

    // Hono copies the current answer's headers onto the one set below: change them here first.
    const etag = res.headers.get('etag');
    const strong = etag && /^"([^"]*)"$/.exec(etag);
    if (/json/i.test(type ?? '')) {
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length < threshold) {
        c.res = new Response(body, res);
        return;
      }
      const compressed = await compressBuffer(encoding, body);
      res.headers.set('content-encoding', encoding);
      res.headers.set('content-length', String(compressed.length));
      if (strong) res.headers.set('etag', encodedEtag(strong[1] ?? '', encoding));
      c.res = new Response(new Uint8Array(compressed), res);
      return;
    }
    res.headers.set('content-encoding', encoding);
    res.headers.delete('content-length');
    if (strong) res.headers.set('etag', encodedEtag(strong[1] ?? '', encoding));
    c.res = new Response(res.body.pipeThrough(compressionStream(encoding)), res);
  };
}
