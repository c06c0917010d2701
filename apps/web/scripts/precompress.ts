import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Precompressed twins of the web build (decision 022): after `vite build`, every text file of
 * dist gets `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside it, which the
 * server sends by Accept-Encoding (apps/server/src/web/static-files.ts). Compressing once at the
 * maximum level costs the build a second or two and the server nothing per request.
 */

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files gain less than the bytes of an extra header. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // `.vite/` holds the build manifest: the server never serves it
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (entry.isFile() && TEXT.test(entry.name)) yield file;
  }
}

/** Writes the twins of each text file of `dir` that compression makes smaller; answers how many files. */
export async function precompressFolder(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for await (const file of textFiles(dir)) {
    jobs.push(
      (async () => {
        const content = await readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** The Vite plugin: precompresses the client build's output folder once it is written (not the SSR build). */
export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'pet-haven:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      await precompressFolder(outDir);
    },
  };
}
