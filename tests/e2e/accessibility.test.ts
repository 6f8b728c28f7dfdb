// Every screen in Chromium at the smallest supported size (1024×768), checked by axe-core (WCAG
// 2.1 A/AA and best practices: 0 violations) and read for internals staff must never see (ids,
// paths, method names, error classes). The walk follows the main navigation and each screen's
// own tabs, so a screen added to the nav is covered without touching this file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openTill, pageProblems } from './support/browser';
import { axeViolations } from './support/axe';
import { startTestHost, type TestHost } from './support/host';
import { call } from './sell-support';
import { setUpStaff, TEST_STAFF } from '../support/staff';
import { offences } from '../unit/i18n/staff-words';

let host: TestHost;
let browser: Browser;
let page: Page;

before(async () => {
  host = await startTestHost({ pinScryptCost: 1024 });
  // With staff set up every screen is reachable (a manager serves) and the sign-in exists.
  await setUpStaff((method, input) => call(host, method, input), { signIn: 'manager' });
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url, { viewport: { width: 1024, height: 768 } });
});

after(async () => {
  await browser?.close();
  await host?.close();
});

/** Waits until a screen has stopped saying it is loading (each wait names what it waited for). */
async function settled(where: string): Promise<void> {
  const loading = page.getByText(/^(Loading|Checking)[^.]*…$/);
  try {
    await loading.first().waitFor({ state: 'detached', timeout: 10_000 });
  } catch {
    assert.fail(`${where} still says it is loading after 10 s`);
  }
}

/** axe over the whole page and the internals check over its text, with `where` in every line. */
async function check(where: string): Promise<string[]> {
  await settled(where);
  const problems = (await axeViolations(page)).map((v) => `${where}: ${v}`);
  const text = await page.locator('body').innerText();
  problems.push(...offences(text.split('\n').map((line) => ({ where, text: line }))));
  return problems;
}

/** The screen's own tabs (the back office's, the supplies'), each opened and checked. */
async function checkTabs(screen: string, main: Locator): Promise<string[]> {
  const problems: string[] = [];
  for (const list of await main.getByRole('tablist').all()) {
    const tabs = await list.getByRole('tab').all();
    // Category filters are data, not places: one of them stands for all.
    if (tabs.length > 8) continue;
    for (const tab of tabs) {
      const name = (await tab.innerText()).trim();
      await tab.click();
      problems.push(...(await check(`${screen} › ${name}`)));
    }
  }
  return problems;
}

test('the staff sign-in: the list of people and the PIN pad', async () => {
  await page.getByRole('button', { name: `Serving: ${TEST_STAFF.manager.name}. Switch cashier` }).click();
  const dialog = page.getByRole('dialog', { name: 'Who is serving?' });
  await dialog.waitFor();
  const problems = await check('Sign-in');
  await dialog.getByRole('button', { name: new RegExp(`^${TEST_STAFF.cashier.name}`) }).click();
  await dialog.getByLabel(`${TEST_STAFF.cashier.name}’s PIN`).waitFor();
  problems.push(...(await check('Sign-in › PIN')));
  await dialog.getByRole('button', { name: 'Someone else' }).click();
  await dialog.getByRole('button', { name: `Keep serving as ${TEST_STAFF.manager.name}` }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(problems, []);
});

test('every screen of the main navigation and each of its tabs', async () => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const screens = (await nav.getByRole('button').allInnerTexts()).map((s) => s.trim());
  assert.ok(screens.length >= 9, `the nav lists ${screens.length} screens`);
  const problems: string[] = [];
  for (const screen of screens) {
    await nav.getByRole('button', { name: screen, exact: true }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).first().waitFor();
    problems.push(...(await check(screen)));
    problems.push(...(await checkTabs(screen, main)));
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(pageProblems(page), []);
});

test('selling: a basket and the payment panel', async () => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sell', exact: true })
    .click();
  const { products } = await call(host, 'catalogue.get', {});
  for (const product of products.slice(0, 2))
    await page
      .getByRole('button', { name: new RegExp(`^${product.name}`) })
      .first()
      .click();
  const problems = await check('Sell › basket');
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.waitFor();
  problems.push(...(await check('Sell › payment')));
  for (const tab of await tender.getByRole('tab').all()) {
    const name = (await tab.innerText()).trim();
    await tab.click();
    problems.push(...(await check(`Sell › payment › ${name}`)));
  }
  assert.deepEqual(problems, []);
});

test('screens with something in them: a print queue, a rename, a card report', async () => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const open = async (screen: string) => {
    await nav.getByRole('button', { name: screen, exact: true }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: screen }).waitFor();
  };
  await open('Printer');
  await page.getByRole('button', { name: 'Print test page' }).click();
  await page.getByRole('table', { name: 'Print queue' }).getByTestId('job-row').first().waitFor();
  const problems = await check('Printer › queue');

  await open('Terminals');
  await page.getByRole('button', { name: 'Rename Card machine ending 0001' }).click();
  await page.getByRole('form', { name: 'Rename Card machine ending 0001' }).waitFor();
  problems.push(...(await check('Terminals › rename')));
  await page.getByRole('button', { name: 'Cancel' }).click();

  await open('Reports');
  await page
    .getByRole('button', { name: /^X report/ })
    .first()
    .click();
  await page.getByRole('region', { name: 'Report result' }).waitFor({ timeout: 20_000 });
  problems.push(...(await check('Reports › result')));
  assert.deepEqual(problems, []);
});
