import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { inBothThemes } from './theme';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

export interface AxeOptions {
  /** Only check inside this CSS selector (default: the whole page). */
  include?: string;
  /** Skip these CSS selectors (third-party frames, for instance). */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling spec. */
  disableRules?: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's browser build, read once per worker. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now and throws, listing each
 * problem, when there is any serious or critical violation. Run it once per theme for screens
 * where colour contrast matters.
 *
 * axe-core is put into the page afresh for each check and run there directly: 0.2-0.5 s a check
 * here, against 1.2-2.5 s for `@axe-core/playwright`, which also finishes each check in a new blank
 * page, over about 150 checks a run. Afresh, because a second run of the same axe in the same
 * document can keep what it read in the first: after a switch to dark mode it reported the light
 * theme's text colour on the dark background (shell.e2e.ts, one run in five). The page has no
 * frames of its own to check (the Stripe card field is not used in these tests).
 */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}) {
  await page.evaluate(axeSource);
  const { violations } = await page.evaluate(
    ({ include, exclude, disableRules, tags }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> };
      };
      return axe.run(include ? { include: [include], exclude } : { exclude }, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      });
    },
    {
      include: options.include ?? null,
      exclude: options.exclude ?? [],
      disableRules: options.disableRules ?? [],
      tags: TAGS,
    },
  );
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const lines = bad.flatMap((v) => [
      `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`),
    ]);
    throw new Error(`Accessibility violations on ${page.url()}:\n${lines.join('\n')}`);
  }
}

/** expectNoAxeViolations on the page as it is now, in light and in dark mode, on one visit. */
export async function expectNoAxeViolationsInBothThemes(page: Page, options: AxeOptions = {}) {
  await inBothThemes(page, (theme) =>
    expectNoAxeViolations(page, options).catch((err: unknown) => {
      throw new Error(`In ${theme} mode: ${(err as Error).message}`, { cause: err });
    }),
  );
}
