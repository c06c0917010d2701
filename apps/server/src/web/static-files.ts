import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressBuffer,
  type Encoding,
  ENCODINGS,
  encodedEtag,
  etagMatches,
  isCompressible,
  negotiateEncoding,
  varyOnAcceptEncoding,
} from '../lib/compression';

/**
 * The built web app's files (apps/web/dist), served with content negotiation and caching
 * (decisions 014 and 022): the build's brotli and gzip twins (`x.js.br`, `x.js.gz`, written by
 * apps/web/scripts/precompress.ts) by Accept-Encoding; content-hashed files under /assets/ cached
 * for a year, everything else revalidated with a strong ETag. Source maps and the build's own
 * folders (`.vite/`, its manifest) are never served: they stay in dist for error reports.
 */

/** One representation of a file: the file itself, or its precompressed twin. */
interface Representation {
  file: string;
  size: number;
  etag: string;
}

interface WebFile {
  type: string;
  /** identity, and each precompressed twin found beside it */
  representations: Map<Encoding | null, Representation>;
  /** A build file with a content hash in its name: it never changes. */
  immutable: boolean;
}

export interface WebBuild {
  /** URL path (`/assets/index-abc.js`) -> file. */
  files: Map<string, WebFile>;
}

const TWIN_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Never served: source maps (kept for error reports) and the twins themselves (served by negotiation). */
const NOT_SERVED = /\.(map|br|gz)$/;

/** The build's content-hashed files: only they may be cached for a year. */
export const underAssets = (p: string) => p === '/assets' || p.startsWith('/assets/');

/** A short strong validator from the content: the same bytes give the same tag across restarts. */
const contentTag = (content: Buffer | string) =>
  createHash('sha256').update(content).digest('base64url').slice(0, 22);

function* walk(dir: string, prefix = ''): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // `.vite/` (the manifest) and any other dot-file are the build's own
    if (entry.name.startsWith('.')) continue;
    const rel = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), rel);
    else if (entry.isFile()) yield rel;
  }
}

/**
 * Lists the build once at start-up: each file's type, size and ETag, and its precompressed
 * twins. null when the web app is not built (no index.html).
 */
export function loadWebBuild(root: string): WebBuild | null {
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const files = new Map<string, WebFile>();
  for (const rel of walk(root)) {
    if (NOT_SERVED.test(rel)) continue;
    const file = path.join(root, rel);
    const content = readFileSync(file);
    const tag = contentTag(content);
    const type = getMimeType(rel) ?? 'application/octet-stream';
    const representations = new Map<Encoding | null, Representation>([
      [null, { file, size: content.length, etag: encodedEtag(tag, null) }],
    ]);
    if (isCompressible(type)) {
      for (const encoding of ENCODINGS) {
        const twin = file + TWIN_SUFFIX[encoding];
        if (!existsSync(twin)) continue;
        representations.set(encoding, {
          file: twin,
          size: statSync(twin).size,
          etag: encodedEtag(tag, encoding),
        });
      }
    }
    files.set(rel, { type, representations, immutable: underAssets(rel) });
  }
  return { files };
}

function decodedPath(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}

/** Answers one file of the build: the representation the client accepts best, or 304. */
function answerFile(c: Context, file: WebFile, cacheControl: string): Response {
  const available = [...file.representations.keys()].filter((e): e is Encoding => e !== null);
  const encoding = negotiateEncoding(c.req.header('accept-encoding'), available);
  const chosen = file.representations.get(encoding) ?? file.representations.get(null);
  if (!chosen) throw new Error('a web file without its identity representation');

  const headers = new Headers({
    'content-type': file.type,
    'cache-control': cacheControl,
    etag: chosen.etag,
  });
  if (available.length > 0) varyOnAcceptEncoding(headers);
  if (etagMatches(c.req.header('if-none-match'), chosen.etag)) {
    return new Response(null, { status: 304, headers });
  }
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(chosen.size));
  const body =
    c.req.method === 'HEAD'
      ? null
      : (Readable.toWeb(createReadStream(chosen.file)) as ReadableStream<Uint8Array>);
  return new Response(body, { status: 200, headers });
}

/**
 * Serves the files of the build that exist (GET and HEAD); anything else goes on. A path that
 * ends in '/' is a page, never a folder's index.html.
 */
export function serveWebFiles(build: WebBuild): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const p = decodedPath(c.req.path);
    const file = p === null || p.endsWith('/') ? undefined : build.files.get(p);
    if (!file) return next();
    return answerFile(c, file, file.immutable ? IMMUTABLE : REVALIDATE);
  };
}

/** The client shell (index.html) for a page the server does not render: revalidated by its ETag. */
export function answerShell(c: Context, build: WebBuild): Response {
  const shell = build.files.get('/index.html');
  if (!shell) throw new Error('the web build has no index.html');
  return answerFile(c, shell, REVALIDATE);
}

/**
 * An HTML page made for this request (a page rendered on the server): a strong ETag from its
 * bytes, revalidated (304 when If-None-Match names it), compressed by Accept-Encoding here, so
 * its ETag is that of the representation sent.
 */
export async function answerHtml(c: Context, html: string, status = 200): Promise<Response> {
  const raw = Buffer.from(html);
  const tag = contentTag(raw);
  const encoding =
    raw.length < COMPRESSION_THRESHOLD_BYTES
      ? null
      : negotiateEncoding(c.req.header('accept-encoding'));
  const etag = encodedEtag(tag, encoding);
  const headers = new Headers({
    'content-type': 'text/html; charset=UTF-8',
    'cache-control': REVALIDATE,
    etag,
  });
  varyOnAcceptEncoding(headers);
  if (status === 200 && etagMatches(c.req.header('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = encoding ? await compressBuffer(encoding, raw) : raw;
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
}

/**
 * A missing file: a small plain-text 404 that nobody may store, so a browser or CDN asking for an
 * old chunk during a deploy never keeps the page (or this answer) as that file.
 */
export function missingFile(c: Context) {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
}

/**
 * The last segment of the path has a file extension (`/favicon.png`, `/assets/x.js`, `/a.map`).
 * No page of the web app has one (its ids are UUIDs), so such a path names a file, never a page.
 */
export const namesAFile = (p: string) => /\.[^/.]+$/.test(p.slice(p.lastIndexOf('/') + 1));
