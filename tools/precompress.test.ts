/**
 * The web build's precompressed twins (apps/web/scripts/precompress.ts, decision 022): each text
 * file of 1 KB or more gets a .br and a .gz that decompress to it; small files, binary files,
 * and the build's own `.vite/` folder are left alone.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { precompressFolder } from '../apps/web/scripts/precompress';

it('writes .br and .gz twins of the text files worth compressing', async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-precompress-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  const script = `export const pets = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `pet ${i}`))};`;
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html>${'<p>Pet Haven</p>'.repeat(100)}`,
    'assets/index-abc.js': script,
    'assets/index-abc.css': `.card{color:red}`.repeat(200),
    'assets/tiny-abc.js': 'export{}',
    'assets/photo-abc.webp': Buffer.alloc(4096, 7),
    '.vite/manifest.json': JSON.stringify({ x: 'y'.repeat(4000) }),
  };
  for (const [rel, content] of Object.entries(files)) writeFileSync(path.join(dist, rel), content);

  await precompressFolder(dist);

  for (const rel of ['index.html', 'assets/index-abc.js', 'assets/index-abc.css']) {
    const original = readFileSync(path.join(dist, rel));
    const br = readFileSync(path.join(dist, `${rel}.br`));
    const gz = readFileSync(path.join(dist, `${rel}.gz`));
    expect(brotliDecompressSync(br).equals(original), rel).toBe(true);
    expect(gunzipSync(gz).equals(original), rel).toBe(true);
    expect(br.length, rel).toBeLessThan(gz.length);
  }
  for (const rel of ['assets/tiny-abc.js', 'assets/photo-abc.webp', '.vite/manifest.json']) {
    expect(existsSync(path.join(dist, `${rel}.br`)), rel).toBe(false);
    expect(existsSync(path.join(dist, `${rel}.gz`)), rel).toBe(false);
  }
});
