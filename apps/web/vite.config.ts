import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  build: { sourcemap: true, target: 'es2022' },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // route tests load lazy route modules; 2 shared CPUs make the first render slow
    testTimeout: 20_000,
  },
});
