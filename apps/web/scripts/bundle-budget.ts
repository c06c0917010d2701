import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The JavaScript a public page loads before it can show anything (issue 11, decision 022): the
 * entry chunk of index.html (with the root layout), the page's own route module, and every chunk
 * those import statically, each chunk once. Chunks
 * only imported dynamically (forms, the auth client, toasts, Stripe) load later and do not count.
 */

/** One entry of Vite's build manifest (`build.manifest: true`, dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A public page and the route modules (manifest keys, paths from apps/web) it loads first. */
export interface PublicPage {
  path: string;
  modules: string[];
}

// the root layout is part of the entry (app/router.tsx imports it)
const page = (path: string, module: string): PublicPage => ({
  path,
  modules: [`src/app/routes/${module}.tsx`],
});

/** Every page a visitor can open without an account (spec section 2), with its route module. */
export const PUBLIC_PAGES: PublicPage[] = [
  page('/', 'landing'),
  page('/petlist', 'pet-list'),
  page('/pets/{id}', 'pet-details'),
  page('/donation', 'donation-list'),
  page('/donation-details/{id}', 'donation-details'),
  page('/login', 'login'),
  page('/register', 'register'),
  page('/{unknown}', 'not-found'),
];

/**
 * The first-load budget of any public page: 110 KB of JavaScript as browsers download it, brotli
 * (the server sends the build's `.br` twins to every browser that accepts them: all browsers the
 * build targets do over HTTPS, and Chromium does on localhost; decision 022). The gzip total, what
 * a client without brotli gets, is reported beside it.
 */
export const FIRST_LOAD_BUDGET_BYTES = 110_000;

export interface CompressedSize {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The sizes a browser downloads, compressed as the build's precompressed files are (maximum levels). */
export function compressedSize(content: Buffer): CompressedSize {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}

/** The HTML entry: the manifest's entry chunk whose source is index.html. */
function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'));
  if (!key) throw new Error('The manifest has no index.html entry (is build.manifest on?).');
  return key;
}

/** The JavaScript files (paths in dist) a page loads first, entry chunk first. */
export function firstLoadFiles(manifest: Manifest, page: PublicPage): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${page.path}: "${key}" is not in the build manifest.`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey(manifest));
  for (const module of page.modules) {
    if (!manifest[module]) {
      throw new Error(
        `${page.path}: route module "${module}" is not in the build manifest (renamed? update PUBLIC_PAGES).`,
      );
    }
    visit(module);
  }
  return files;
}

export interface PageReport extends CompressedSize {
  path: string;
  files: string[];
  overBudget: boolean;
}

/**
 * Each public page's first-load JavaScript, summed per file as served (each file compressed on its
 * own); `overBudget` when the brotli total passes the budget.
 */
export function checkBudget(
  manifest: Manifest,
  sizeOf: (file: string) => CompressedSize,
  pages: PublicPage[] = PUBLIC_PAGES,
  budget: number = FIRST_LOAD_BUDGET_BYTES,
): PageReport[] {
  return pages.map((p) => {
    const files = firstLoadFiles(manifest, p);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const size = sizeOf(file);
      total.raw += size.raw;
      total.gzip += size.gzip;
      total.brotli += size.brotli;
    }
    return { path: p.path, files, ...total, overBudget: total.brotli > budget };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A table of the reports, one page a line, for the build log. */
export function formatReport(reports: PageReport[], budget: number = FIRST_LOAD_BUDGET_BYTES) {
  const lines = reports.map(
    (r) =>
      `${r.overBudget ? 'OVER' : 'ok  '}  ${r.path.padEnd(24)} brotli ${kb(r.brotli).padStart(9)}` +
      `  gzip ${kb(r.gzip).padStart(9)}  raw ${kb(r.raw).padStart(9)}  (${r.files.length} files)`,
  );
  return [`First-load JavaScript of public pages (budget ${kb(budget)} brotli):`, ...lines].join(
    '\n',
  );
}
