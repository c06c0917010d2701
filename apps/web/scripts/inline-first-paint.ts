import type { IndexHtmlTransformContext, Plugin } from 'vite';
// a relative path: Vite bundles the config with what it imports this way (a workspace package's
// .ts would be left to Node, which cannot load it)
import { THEME_INIT_SCRIPT } from '../../../packages/shared/src/ssr';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * What the first paint waits for, put into index.html itself: the theme script (where index.html
 * has `<!--theme-init-->`, before #root) and, in a build, the stylesheet. Each was a request the
 * browser had to finish before painting anything (Lighthouse's "render-blocking requests" on
 * every page, one round trip on a phone's network). The script is `THEME_INIT_SCRIPT`, which the
 * server's Content-Security-Policy allows by its hash; inline styles are allowed already.
 */

const THEME_MARKER = '<!--theme-init-->';
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/** index.html with the theme script and the build's stylesheets written in. */
export function inlineFirstPaint(html: string, bundle?: Bundle): string {
  if (!html.includes(THEME_MARKER)) throw new Error(`index.html has no ${THEME_MARKER}`);
  let out = html.replace(THEME_MARKER, `<script>${THEME_INIT_SCRIPT}</script>`);
  if (!bundle) return out;
  out = out.replace(STYLESHEET, (tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset') throw new Error(`index.html links ${file}, not in the build`);
    const css = String(asset.source);
    if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it holds </style`);
    return `<style>${css}</style>`;
  });
  return out;
}

export function inlineFirstPaintPlugin(): Plugin {
  return {
    name: 'pet-haven:inline-first-paint',
    transformIndexHtml: {
      // after Vite has linked the built stylesheet
      order: 'post',
      handler: (html: string, ctx: IndexHtmlTransformContext) => inlineFirstPaint(html, ctx.bundle),
    },
  };
}
