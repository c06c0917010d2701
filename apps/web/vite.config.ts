import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { inlineFirstPaintPlugin } from './scripts/inline-first-paint';
import { precompress } from './scripts/precompress';
import { pureSharedDeclarations } from './scripts/pure-shared-declarations';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The libraries every page runs before it shows anything (React, React DOM, React Router, TanStack
 * Query) as one chunk: each public page's first load is 1.3-1.9 KB gzip smaller than with them in
 * five pieces, and the app's own changes no longer invalidate them in browsers' caches (decision
 * 022). Mutations are left out: only forms and the dashboard use them.
 */
const firstLoadVendor = {
  name: 'vendor',
  test: (id: string) =>
    /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/.test(
      id,
    ) && !/[\\/](useMutation|mutationObserver)\.js$/.test(id),
};

/**
 * The parts the log in and sign up screens share with the account pages (forgot and reset
 * password, e-mail confirmed, unsubscribe) and the forms (the lazy schema loader, the public
 * config): one chunk. Shared by many lazy routes, they were split into seven small files whose
 * separate compression put /register 0.4 KB over its 110 KB budget (now 109.8). Only these
 * modules: their dependencies stay where they were (the entry, react-hook-form); they run nothing
 * at import, so their order among themselves does not matter.
 */
const authScreens = {
  name: 'auth-screens',
  test: (id: string) =>
    /[\\/]src[\\/](features[\\/]auth[\\/](components[\\/](auth-form|auth-switch|social-buttons|email-field)|hooks[\\/]use-auth-form|lib[\\/]return-to|api[\\/]get-public-config)|components[\\/]layouts[\\/]auth-layout|lib[\\/]lazy-resolver)\.tsx?$/.test(
      id,
    ),
  includeDependenciesRecursively: false,
};

/**
 * The form controls every form shows (field frame, input, error text): one chunk. As more lazy
 * screens came to share them (the adoption request page), they split into three small files whose
 * separate compression put /register 0.3 KB over its budget.
 */
const formControls = {
  name: 'form-controls',
  test: (id: string) =>
    /[\\/]src[\\/]components[\\/]ui[\\/](form-field|input|error-text)\.tsx$/.test(id),
  includeDependenciesRecursively: false,
};

export default defineConfig(({ isSsrBuild }) => ({
  // pureSharedDeclarations: what a page does not use of packages/shared (zod schemas) is dropped;
  // precompress: .br and .gz twins of the client build's text files (decision 022)
  plugins: [
    react(),
    tailwindcss(),
    pureSharedDeclarations(),
    inlineFirstPaintPlugin(),
    precompress(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: false,
        // The API trusts writes from its own origin only (Origin check). A request made by a page
        // of this dev server is same-origin for the browser, so present it as coming from the API's
        // origin; anything else keeps its Origin and is refused as usual.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq, req) => {
            const origin = req.headers.origin;
            if (origin && origin === `http://${req.headers.host}`) {
              proxyReq.setHeader('origin', new URL(apiTarget).origin);
            }
          });
        },
      },
    },
  },
  // `vite build --ssr src/entry-server.tsx` (npm run build) makes the server entry in dist-server/
  // (decision 021); public/ is the client's only.
  // Source maps stay in dist for error reports but are not linked from the files (`hidden`) and
  // the server never serves them; the client's manifest feeds the first-load budget check
  // (scripts/check-bundle-budget.ts, decision 022).
  build: {
    sourcemap: 'hidden',
    manifest: !isSsrBuild,
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    // The server entry is one file: the server imports it once per app (render.ts), and a chunk
    // importing shared code back from `entry-server.js` would get a second copy of the app (and of
    // React) without that app's API transport.
    rolldownOptions: {
      output: {
        codeSplitting: isSsrBuild
          ? false
          : { groups: [firstLoadVendor, authScreens, formControls] },
        // chunks named by their content hash alone: the first-load entry lists every lazy
        // chunk's file for preloading, and names made that list a third longer
        ...(isSsrBuild ? {} : { chunkFileNames: 'assets/[hash].js' }),
      },
    },
  },
  // one self-contained file set: runs wherever the build is copied, in React's production mode
  ssr: { noExternal: true },
  // ... whatever NODE_ENV the server runs under (`npm start` leaves it unset): without this the
  // entry kept React's development build too and chose it at run time: about 160 MiB more peak
  // RSS in a short PGlite run of `npm run bench` (docs/benchmarks.md)
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // route tests load lazy route modules; 2 shared CPUs make the first render slow
    testTimeout: 20_000,
    // A worker runs file after file in one jsdom, keeping what they import (React, the router,
    // TanStack Query, Radix, zod...) instead of importing and evaluating it all again per file:
    // 196 s -> 38 s for the suite here. What a file leaves behind is reset after each test in
    // vitest.setup.ts (rendered trees, toasts, storage, fake API); the app keeps no other module
    // state (each render builds its own router and QueryClient), and the suite passes in shuffled
    // file orders (`npx vitest run --sequence.shuffle.files`).
    isolate: false,
  },
}));
