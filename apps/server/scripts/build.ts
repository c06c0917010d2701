/**
 * Builds the server into dist/main.js (decision 025): src/main.ts and what it imports, with
 * @pet-haven/shared's TypeScript, as one ES module for Node. The packages the server depends on
 * stay imports, loaded from node_modules (native addons, WebAssembly and the files they read
 * beside themselves stay where npm put them). `npm start` runs the result with plain `node`: no
 * TypeScript compiler in the process.
 *
 *   npm run build -w @pet-haven/server
 */
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(`${serverDir}/package.json`, 'utf8')) as {
  dependencies: Record<string, string>;
};
/**
 * React renders the mail (modules/mail): bundled in with NODE_ENV defined as production, as the
 * web's server entry is, so its production build runs whatever NODE_ENV `npm start` leaves unset
 * (left to node_modules, React picks its development build then: about three times the cost of a
 * receipt).
 */
const bundled = ['react', 'react-dom'];
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@pet-haven/') && !bundled.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(`${serverDir}/dist`, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  define: { 'process.env.NODE_ENV': '"production"' },
  // React's CommonJS requires Node's built-in modules: an ES module has no `require` of its own
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Not minified, so stack traces keep the source's names, but for the few the bundle renames where
  // two modules share one (listPets2); the map, there to read a report with (not loaded), names
  // those too. keepNames would wrap every function and closure in a call to `__name`, also the
  // closures made per request: 1 % of a cheap request's CPU (decision 050).
  keepNames: false,
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

// a package imported by the server but not listed in its dependencies would be copied in here
const copied = Object.keys(metafile.inputs).filter(
  (file) =>
    file.includes('node_modules/') &&
    !bundled.some((name) => file.includes(`node_modules/${name}/`)),
);
if (copied.length > 0) {
  console.error(
    `The server imports packages missing from apps/server/package.json's dependencies:\n  ${copied.join('\n  ')}`,
  );
  process.exit(1);
}
