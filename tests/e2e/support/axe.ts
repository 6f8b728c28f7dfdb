// axe-core in the page: every rule of WCAG 2.1 A and AA plus axe's best practices (regions,
// landmarks, label-content-name-mismatch), each violation in one readable line per element.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Best-practice rules that are experimental in axe (not on by default), wanted here all the same. */
const EXPERIMENTAL_WANTED = ['label-content-name-mismatch'];

/** One line per element that breaks a rule: "<rule>: <selector> — <what axe says>". */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ rules: Object.fromEntries(EXPERIMENTAL_WANTED.map((id) => [id, { enabled: true }])) })
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
    ),
  );
}
