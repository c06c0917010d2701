/**
 * Fails (exit 1) when a public page's first-load JavaScript passes the budget (issue 11, decision
 * 022). `npm test` runs it after the build (`npm run check:bundle -w @pet-haven/web`). Reads the
 * build's manifest, dist/.vite/manifest.json, or the folder given as argument.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkBudget,
  compressedSize,
  FIRST_LOAD_BUDGET_BYTES,
  formatReport,
  type Manifest,
} from './bundle-budget';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const manifest = JSON.parse(
  readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Manifest;
const reports = checkBudget(manifest, (file) =>
  compressedSize(readFileSync(path.join(dist, file))),
);
console.log(formatReport(reports));
const over = reports.filter((r) => r.overBudget);
if (over.length > 0) {
  console.error(
    `\n${over.map((r) => r.path).join(', ')}: first-load JavaScript over ${FIRST_LOAD_BUDGET_BYTES / 1000} KB brotli. ` +
      'Load what the page does not need at first with import() or a lazy route/component.',
  );
  process.exit(1);
}
