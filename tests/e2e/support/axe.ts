// axe-core in the page: every rule of WCAG 2.1 A and AA plus axe's best practices (regions,
// landmarks, label-content-name-mismatch), each violation in one readable line per element.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { offences } from '../../unit/i18n/staff-words';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Best-practice rules that are experimental in axe (not on by default), wanted here all the same. */
const EXPERIMENTAL_WANTED = ['label-content-name-mismatch'];

/** One line per element that breaks a rule: "<rule>: <selector> — <what axe says>". */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the till has no frames from other origins, which is
  // what the default's extra blank page per check is for. Only violations are gathered.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({
      rules: Object.fromEntries(EXPERIMENTAL_WANTED.map((id) => [id, { enabled: true }])),
      resultTypes: ['violations'],
    })
    .setLegacyMode()
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
    ),
  );
}

/** "Loading …" in either language: a screen still saying it is fetching is not checked yet. */
const LOADING = /^(Loading|Checking)[^.]*…$|(geladen|geprüft) …$/;

/** Waits until the page has stopped saying it is loading (the wait names what it waited for). */
async function settled(page: Page, where: string): Promise<void> {
  try {
    await page.getByText(LOADING).first().waitFor({ state: 'detached', timeout: 10_000 });
  } catch {
    throw new Error(`${where} still says it is loading after 10 s`);
  }
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
