import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeOptions {
  /** Only check inside this CSS selector (default: the whole page). */
  include?: string;
  /** Skip these CSS selectors (third-party frames, for instance). */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling spec. */
  disableRules?: string[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now and throws, listing each
 * problem, when there is any serious or critical violation. Run it once per theme for screens
 * where colour contrast matters.
 */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
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
