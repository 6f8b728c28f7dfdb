// Every screen in Chromium at the smallest supported size (1024×768), checked by axe-core (WCAG
// 2.1 A/AA and best practices: 0 violations) and read for internals staff must never see (ids,
// paths, method names, error classes). The walk follows the main navigation and each screen's
// own tabs, so a screen added to the nav is covered without touching this file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pageProblems } from './support/browser';
import { navigationProblems, screenProblems } from './support/axe';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { call } from './sell-support';
import { TEST_STAFF } from '../support/staff';

let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;

before(async () => {
  // With staff set up every screen is reachable (a manager serves) and the sign-in exists.
  ({ host, page, close } = await openStaffedTill({ viewport: { width: 1024, height: 768 } }));
});

after(() => close?.());

const check = (where: string) => screenProblems(page, where);

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
  const problems = await navigationProblems(page, 'Main');
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

  // The audit trail with the set-up's changes in it, then filtered to one area.
  await open('Audit');
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await trail.getByTestId('audit-row').first().waitFor();
  problems.push(...(await check('Audit › trail')));
  const filters = page.getByRole('form', { name: 'Filter the audit trail' });
  await filters.getByLabel('Area').selectOption({ label: 'Staff' });
  await filters.getByRole('button', { name: 'Show' }).click();
  await trail.getByTestId('audit-row').filter({ hasText: 'Person added' }).first().waitFor();
  problems.push(...(await check('Audit › staff only')));
  assert.deepEqual(problems, []);
});

test('the check is real: a button without a name and an image without words are each named', async () => {
  // Planted in the page as it is, then taken out: axe in the page (legacy mode, violations only)
  // must name both, with where they were found.
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.id = 'planted';
    planted.innerHTML = '<button type="button"></button><img src="data:,">';
    document.querySelector('main')!.append(planted);
  });
  const problems = await check('Planted');
  await page.evaluate(() => document.getElementById('planted')!.remove());
  assert.ok(
    problems.some((p) => /^Planted: button-name: #planted > button/.test(p)),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => /^Planted: image-alt: (#planted > )?img/.test(p)),
    problems.join('\n'),
  );
});
