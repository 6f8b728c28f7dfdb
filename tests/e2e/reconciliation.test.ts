// Card checks in Chromium against the real till services: a manager sells by card on the Sell
// screen, checks that card machine (no differences), then the sandbox card machine records a sale
// the till never started; the next check flags it and the manager settles it with a note.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { goToScreen, pageProblems, screenshotPath } from './support/browser';
import {
  addToBasket,
  basketEndingIn,
  call,
  chipAndPinSuffixes,
  newestSale,
  payWholeByCard,
} from './sell-support';

const TERMINAL = '22900001';
let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;

before(async () => {
  ({ host, page, close } = await openStaffedTill());
});

after(() => close?.());

test('sell by card, then the card check finds no differences', async () => {
  const { products } = await call(host, 'catalogue.get', {});
  await goToScreen(page, 'Sell');
  await addToBasket(page, basketEndingIn(products, chipAndPinSuffixes()));
  await payWholeByCard(page);
  await page.getByRole('region', { name: 'Sale complete' }).waitFor({ timeout: 20_000 });
  assert.equal((await newestSale(host)).state, 'completed');

  await goToScreen(page, 'Card checks');
  const machine = page.getByRole('combobox', { name: 'Card machine' });
  await machine.selectOption(TERMINAL);
  await page.getByLabel('Name it').fill('Front counter');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('option', { name: 'Front counter (GBP)' }).waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Run the check' }).click();

  const result = page.getByRole('region', { name: 'Check result' });
  await result.getByText('No differences: the card machine and the till agree.').waitFor({ timeout: 20_000 });
  assert.match(await result.getByRole('heading').first().innerText(), /^Front counter · checked/);
  assert.deepEqual(pageProblems(page), []);
  await page.screenshot({ path: screenshotPath('reconciliation-clean'), fullPage: true });
});

test('a sale the till never journaled is flagged, then settled with a note', async () => {
  (await host.till.sandbox()).payAtCounter.control({
    recordUnjournaledSale: { terminalId: TERMINAL, amount: 1234 },
  });
  await page.getByRole('button', { name: 'Run the check' }).click();

  const result = page.getByRole('region', { name: 'Check result' });
  const flagged = result.getByRole('listitem', {
    name: '1 sale of £12.34 on the card machine is not in the till',
  });
  await flagged.waitFor({ timeout: 20_000 });
  assert.equal(await result.getByRole('listitem').count(), 1, 'exactly one difference');
  await flagged.getByLabel('Note').fill('Keyed on the machine during the power cut');
  await flagged.getByRole('button', { name: 'Resolve' }).click();
  await flagged.getByText(/Settled by Morgan .*“Keyed on the machine during the power cut”/).waitFor();

  // Journaled: the services have the note, and the past checks list it as settled.
  const [latest] = await call(host, 'reconciliation.history', { limit: 1 });
  assert.equal(latest?.unresolved, 0);
  const view = await call(host, 'reconciliation.get', { checkId: latest!.id });
  assert.equal(view.differences[0]?.resolution?.note, 'Keyed on the machine during the power cut');
  await page
    .getByRole('region', { name: 'Past checks' })
    .getByText(/Front counter · 1 difference, settled/)
    .waitFor();
  assert.deepEqual(pageProblems(page), []);
  await page.screenshot({ path: screenshotPath('reconciliation-settled'), fullPage: true });
});
