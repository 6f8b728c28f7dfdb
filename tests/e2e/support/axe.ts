// axe-core in the page: every rule of WCAG 2.1 A and AA plus axe's best practices (regions,
// landmarks, label-content-name-mismatch), each violation in one readable line per element.
import axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { offences } from '../../unit/i18n/staff-words';
import { settled } from './browser';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Best-practice rules that are experimental in axe (not on by default), wanted here all the same. */
const EXPERIMENTAL_WANTED = ['label-content-name-mismatch'];
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: TAGS },
  rules: Object.fromEntries(EXPERIMENTAL_WANTED.map((id) => [id, { enabled: true }])),
  // Only violations are gathered: collecting every passing node doubled each check's time.
  resultTypes: ['violations'],
};

/**
 * axe-core's 1.5 MB script, evaluated in the page once per document (a reload or a new page
 * brings it again). @axe-core/playwright, used before, evaluated it twice at every check; the till
 * has no frames from other origins, so axe runs in the page itself, as that package's legacy mode
 * did, with the same tags and options.
 */
async function withAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axe.source);
  await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<same_origin>'] }),
  );
}

/** One line per element that breaks a rule: "<rule>: <selector> — <what axe says>". */
export async function axeViolations(page: Page): Promise<string[]> {
  await withAxe(page);
  const results: AxeResults = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    RUN_OPTIONS,
  );
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
    ),
  );
}

/** axe over the whole page and the internals check over its text, with `where` in every line. */
export async function screenProblems(page: Page, where: string): Promise<string[]> {
  await settled(page, where);
  const problems = (await axeViolations(page)).map((v) => `${where}: ${v}`);
  const text = await page.locator('body').innerText();
  problems.push(...offences(text.split('\n').map((line) => ({ where, text: line }))));
  return problems;
}

/** The screen's own tabs (the back office's, the supplies'), each opened and checked. */
export async function tabProblems(page: Page, screen: string, main: Locator): Promise<string[]> {
  const problems: string[] = [];
  for (const list of await main.getByRole('tablist').all()) {
    const tabs = await list.getByRole('tab').all();
    // Category filters are data, not places: one of them stands for all.
    if (tabs.length > 8) continue;
    for (const tab of tabs) {
      const name = (await tab.innerText()).trim();
      await tab.click();
      problems.push(...(await screenProblems(page, `${screen} › ${name}`)));
    }
  }
  return problems;
}

/** Every screen of the main navigation (`nav` is its name in the page's language) and its tabs. */
export async function navigationProblems(page: Page, nav: string): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: nav });
  const screens = (await menu.getByRole('button').allInnerTexts()).map((s) => s.trim());
  if (screens.length < 9) return [`the navigation lists only ${screens.length} screens`];
  const problems: string[] = [];
  for (const screen of screens) {
    await menu.getByRole('button', { name: screen, exact: true }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).first().waitFor();
    problems.push(...(await screenProblems(page, screen)));
    problems.push(...(await tabProblems(page, screen, main)));
  }
  return problems;
}
