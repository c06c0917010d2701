/**
 * What the first paint needs, written into index.html by the web build
 * (apps/web/scripts/inline-first-paint.ts): the theme script where `<!--theme-init-->` is, and in a
 * build the stylesheets Vite linked; anything it cannot do safely fails the build.
 */
import { expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '../packages/shared/src/ssr';
import { inlineFirstPaint } from '../apps/web/scripts/inline-first-paint';

const html = (head = '') =>
  `<html><head>${head}</head><body><!--theme-init--><div id="root"></div></body></html>`;
const link = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">';
const bundle = (css: string) =>
  ({ 'assets/index-abc.css': { type: 'asset', source: css } }) as unknown as Parameters<
    typeof inlineFirstPaint
  >[1];

it('writes the theme script in place of the marker (also in development, without a bundle)', () => {
  expect(inlineFirstPaint(html(link))).toBe(
    `<html><head>${link}</head><body><script>${THEME_INIT_SCRIPT}</script><div id="root"></div></body></html>`,
  );
});

it("puts the build's stylesheet in a <style> instead of the link", () => {
  const out = inlineFirstPaint(html(link), bundle('body{color:red}'));
  expect(out).toContain('<head><style>body{color:red}</style></head>');
  expect(out).not.toContain('<link rel="stylesheet"');
});

it('fails the build rather than write a broken page', () => {
  expect(() => inlineFirstPaint('<html><body><div id="root"></div></body></html>')).toThrow(
    /no <!--theme-init-->/,
  );
  expect(() => inlineFirstPaint(html(link), bundle('a{}</style><script>x</script>'))).toThrow(
    /holds <\/style/,
  );
  expect(() => inlineFirstPaint(html(link), bundle('a{}') && ({} as never))).toThrow(
    /not in the build/,
  );
});
