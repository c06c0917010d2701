/**
 * Proves the first-load budget check of the web build (apps/web/scripts/bundle-budget.ts,
 * decision 022) counts what a public page loads first, and fails a page over the budget: a fake
 * Vite manifest and fake sizes stand for a build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkBudget,
  type CompressedSize,
  firstLoadFiles,
  type Manifest,
  PUBLIC_PAGES,
} from '../apps/web/scripts/bundle-budget';

const root = path.resolve(import.meta.dirname, '..');

/** index.html -> entry chunk (imports react, lazy routes); the layout and pages share ui. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-1.js'],
    dynamicImports: ['src/app/routes/root-layout.tsx', 'src/app/routes/landing.tsx'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_ui-1.js': { file: 'assets/ui-1.js', imports: ['_react-1.js'] },
  '_forms-1.js': { file: 'assets/forms-1.js' },
  '_stripe-1.js': { file: 'assets/stripe-1.js' },
  'src/app/routes/root-layout.tsx': {
    file: 'assets/root-layout-1.js',
    isDynamicEntry: true,
    imports: ['_ui-1.js'],
  },
  'src/app/routes/landing.tsx': {
    file: 'assets/landing-1.js',
    isDynamicEntry: true,
    imports: ['_ui-1.js', '_react-1.js'],
    // loaded when a form opens: not first-load
    dynamicImports: ['_forms-1.js', '_stripe-1.js'],
    css: ['assets/landing-1.css'],
  },
};

const home = {
  path: '/',
  modules: ['src/app/routes/root-layout.tsx', 'src/app/routes/landing.tsx'],
};

/** Each file's brotli size, in bytes. */
const sizes: Record<string, number> = {
  'assets/index-1.js': 60_000,
  'assets/react-1.js': 30_000,
  'assets/ui-1.js': 5_000,
  'assets/root-layout-1.js': 4_000,
  'assets/landing-1.js': 3_000,
  'assets/forms-1.js': 50_000,
  'assets/stripe-1.js': 50_000,
};
const sizeOf = (file: string): CompressedSize => {
  const brotli = sizes[file];
  if (brotli === undefined) throw new Error(`asked the size of ${file}`);
  return { raw: brotli * 3, gzip: Math.round(brotli * 1.15), brotli };
};

describe('first-load JavaScript of a public page', () => {
  it('is the entry, the route modules and their static imports, each once, without CSS or dynamic imports', () => {
    expect(firstLoadFiles(manifest, home)).toEqual([
      'assets/index-1.js',
      'assets/react-1.js',
      'assets/root-layout-1.js',
      'assets/ui-1.js',
      'assets/landing-1.js',
    ]);
  });

  it('passes at the budget and fails one byte over it, counting what browsers download (brotli)', () => {
    const total = 60_000 + 30_000 + 5_000 + 4_000 + 3_000;
    const [atBudget] = checkBudget(manifest, sizeOf, [home], total);
    // the gzip total is over the budget: it is reported, the brotli total is checked
    expect(atBudget).toMatchObject({ path: '/', brotli: total, overBudget: false });
    expect(atBudget?.gzip).toBeGreaterThan(total);
    const [over] = checkBudget(manifest, sizeOf, [home], total - 1);
    expect(over?.overBudget).toBe(true);
  });

  it('fails loudly when a route module is missing from the manifest (renamed page)', () => {
    expect(() =>
      checkBudget(manifest, sizeOf, [{ path: '/gone', modules: ['src/app/routes/gone.tsx'] }]),
    ).toThrow(/gone\.tsx.*not in the build manifest/);
  });

  it('lists every public page of the spec', () => {
    expect(PUBLIC_PAGES.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/petlist',
        '/pets/{id}',
        '/donation',
        '/donation-details/{id}',
      ]),
    );
  });

  it('exits 1 from the command line when a page of a build is over the budget', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'pet-haven-budget-'));
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.join(dist, 'assets'));
    const real: Manifest = { 'index.html': { file: 'assets/index-1.js', isEntry: true } };
    for (const page of PUBLIC_PAGES) {
      for (const module of page.modules) {
        const file = `assets/${path.basename(module, '.tsx')}-1.js`;
        real[module] = { file, isDynamicEntry: true };
        writeFileSync(path.join(dist, file), 'export{}');
      }
    }
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(real));
    // random bytes do not compress: 120 KB of them is over the budget of 110 KB
    const random = Buffer.alloc(120_000);
    for (let i = 0; i < random.length; i++) random[i] = Math.floor(Math.random() * 256);
    writeFileSync(path.join(dist, 'assets/index-1.js'), random);
    const run = () =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/web/scripts/check-bundle-budget.ts'), dist],
        { cwd: root, encoding: 'utf8', stdio: 'pipe' },
      );
    expect(run).toThrow(/over 110 KB/);

    writeFileSync(path.join(dist, 'assets/index-1.js'), 'export{}');
    expect(run()).toMatch(/ok +\/petlist/);
  });
});
