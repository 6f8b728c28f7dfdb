// The whole counter flow on a German till selling in euros, in Chromium against the real services,
// through the same steps as the English tests (tests/e2e/counter-steps.ts) but finding everything
// by its German words: a card sale with a discount a supervisor approves, a No-sale, the
// keyboard-only three-item sale, a basket of 1.234,50 €, a parked sale resumed after a restart,
// and a sale found in History and refunded item by item, part to the card and part in cash.
// After each, no English sentence of these screens (or of the services' words) is on screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PreviewReceipt, Product } from '../../shared/contract';
import { setUpStaff, type TestStaff } from '../support/staff';
import { launchBrowser, openTill } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { call, newestSale } from './sell-support';
import {
  basketPanel,
  cardSaleWithSupervisorDiscount,
  goTo,
  keyboardThreeItemSale,
  noSaleWithApproval,
  paidByCard,
  parkedSaleSurvivesRestart,
  refundableBasket,
  refundItemByItem,
  nextSale,
  searchBox,
  speaker,
  type Counter,
} from './counter-steps';
import { basketDiscountReopened, oversizedDiscountsRefused } from './discount-steps';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-german-flow-'));
const german = speaker('de-DE');
const english = speaker('en-GB');
let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];
let machine: Product;
let staff: TestStaff;
const counter: Counter = { page: () => page, host: () => host, words: german, currency: 'EUR' };
const contract: Parameters<typeof setUpStaff>[0] = (method, input) => call(host, method, input);
const start = () => startTestHost({ dataDir, pinScryptCost: 1024 });
const open = () => openTill(browser, host.host.url, { mainNav: german.t('shell.mainNav') });

/** The shop's dearest item: alone in a basket it totals 1.234,50 €. */
const COFFEE_MACHINE = 'Espressomaschine Classic';

before(async () => {
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({ shop: { currency: 'EUR', locale: 'de-DE' } }),
  );
  host = await start();
  staff = await setUpStaff(contract); // the manager, who may add a product in the back office
  const [any] = (await call(host, 'catalogue.get', {})).products;
  await call(host, 'catalogue.saveProduct', {
    name: COFFEE_MACHINE,
    category: any!.category,
    price: 123_450,
    vatRate: any!.vatRate,
  });
  await staff.signIn('cashier');
  const all = (await call(host, 'catalogue.get', {})).products;
  machine = all.find((p) => p.name === COFFEE_MACHINE)!;
  products = all.filter((p) => p !== machine); // the other steps' baskets stay everyday ones
  browser = await launchBrowser();
  page = await open();
});

after(async () => {
  await browser?.close();
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * English sentences of the screens this flow passes through, and of the services' words it
 * shows: none may be on screen on a German till (a missing key falls back to English).
 */
const ENGLISH = [
  'counter.basket.empty',
  'counter.receipt.printed',
  'sell.completed.noChange',
  'sell.tender.title',
  'approval.needs.discount',
  'approval.needs.no-sale',
  'approval.tapName',
  'services.sale.needsSupervisor',
  'services.staff.askApprover.discount',
  'services.staff.askApprover.no-sale',
  'services.noSale.drawer.no_drawer',
  'services.receipt.noneYet',
  'history.search.title',
  'history.sale.refundedTotal',
  'history.refunds.title',
].map((key) => english.t(key));

async function noEnglishOnScreen(where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  const found = [...ENGLISH, 'Refunded', 'Sale complete', 'Take payment', 'Basket'].filter((s) =>
    text.includes(s),
  );
  assert.deepEqual(found, [], `English on the German till ${where}`);
  assert.equal(await page.locator('html').getAttribute('lang'), 'de-DE');
}

test('a card sale in euros with a 20 % discount a supervisor approves, all in German', async () => {
  await noEnglishOnScreen('on opening');
  await cardSaleWithSupervisorDiscount(counter, products);
  await noEnglishOnScreen('after the card sale');
});

test('a No-sale approved by a supervisor, told in German to open the drawer with its key', async () => {
  await noSaleWithApproval(counter, 'Wechselgeld für die Kasse');
  await noEnglishOnScreen('after the No-sale');
});

test('the keyboard alone sells three items in German in 15 keys or fewer', async () => {
  await keyboardThreeItemSale(counter, products);
  await noEnglishOnScreen('after the keyboard sale');
});

test('a basket of 1.234,50 € shows its total the German way and is paid in cash', async () => {
  await searchBox(counter).pressSequentially('espressom', { delay: 60 });
  await page.getByText(german.t('counter.search.enterAdds', { name: COFFEE_MACHINE })).waitFor();
  await searchBox(counter).press('Enter');
  await basketPanel(counter).getByText(COFFEE_MACHINE, { exact: true }).waitFor();
  const shown = await page.getByTestId('basket-total').innerText();
  assert.equal(shown.replace(/\u00a0/g, ' '), '1.234,50 €');
  await basketPanel(counter)
    .getByRole('button', { name: german.t('sell.basket.pay', { amount: shown }) })
    .waitFor();
  await noEnglishOnScreen('with the 1.234,50 € basket');
  await page.keyboard.press('F4'); // exact cash
  await page.getByRole('region', { name: german.t('sell.completed.label') }).waitFor();
  const completed = await page.getByRole('region', { name: german.t('sell.completed.label') }).innerText();
  assert.match(completed, /1\.234,50\u00a0€/);
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.equal(sale.currency, 'EUR');
  assert.equal(sale.total, machine.price);
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount]),
    [['cash', 123_450]],
  );
  await nextSale(counter);
});

test('a basket discount of 1,50 € reopened shows 1,50, applied again leaves the total as it was', async () => {
  await basketDiscountReopened(counter, machine);
  await noEnglishOnScreen('after the basket discount');
});

test('a discount larger than the basket or its line is refused in German words, never capped at 0,00 €', async () => {
  const latte = products.find((p) => p.name === 'Latte')!;
  await oversizedDiscountsRefused(counter, latte);
  await noEnglishOnScreen('after the refused discounts');
});

test('the card-machine picker speaks German and offers the euro machine first, in Reports and at payment', async () => {
  const { t } = german;
  const option = (digits: string, currency: string) =>
    t('sell.terminal.option', {
      name: t('terminals.unnamed', { digits }),
      currency,
      status: t('sell.terminal.status.AVAILABLE'),
    });
  await goTo(counter, 'reports', 'reports.title');
  const picker = page.getByRole('combobox', { name: t('sell.terminal.label') });
  await picker.locator('option').first().waitFor({ state: 'attached' });
  assert.deepEqual(await picker.locator('option').allInnerTexts(), [
    option('0002', 'EUR'),
    option('0001', 'GBP'),
  ]);
  assert.equal(await picker.inputValue(), '22900002', 'the euro machine is chosen to start with');
  // The buttons run on it: its name in the German running words, not the English fallback.
  await noEnglishOnScreen('on the Reports screen');

  await goTo(counter, 'sell', 'sell.screen.title');
  await searchBox(counter).pressSequentially('lat', { delay: 60 });
  await page.getByText(t('counter.search.enterAdds', { name: 'Latte' })).waitFor();
  await searchBox(counter).press('Enter');
  await page.locator('.pay-button').click();
  const tender = page.getByRole('region', { name: t('sell.tender.label') });
  const atPayment = tender.getByRole('combobox', { name: t('sell.terminal.label') });
  await atPayment.locator('option').first().waitFor({ state: 'attached' });
  assert.deepEqual(await atPayment.locator('option').allInnerTexts(), [option('0002', 'EUR')]);
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, /Card machine ending/, 'no English fallback name anywhere on screen');
  await page.keyboard.press('F4'); // the sale is paid, exact cash
  await page.getByRole('region', { name: t('sell.completed.label') }).waitFor();
  await nextSale(counter);
});

test('a parked sale survives a restart on the same data folder and is resumed, in German', async () => {
  await parkedSaleSurvivesRestart(counter, products, async () => {
    await page.close();
    await host.close();
    host = await start();
    await staff.signIn('cashier');
    page = await open();
  });
  await noEnglishOnScreen('after resuming the parked sale');
});

test('a sale found in the History by receipt number is refunded item by item, to the card and in cash', async () => {
  await staff.signIn('manager'); // refunds are a supervisor's or manager's
  const { first, second } = refundableBasket(products);
  const sale = await paidByCard(counter, [
    { productId: first.id, quantity: 2 },
    { productId: second.id, quantity: 1 },
  ]);
  assert.equal(sale.currency, 'EUR');
  await paidByCard(counter, [{ productId: first.id, quantity: 1 }]);
  await refundItemByItem(counter, sale, first, second);
  await noEnglishOnScreen('after the refunds');
});

test('the till X report names the unnamed euro machine in German, on screen and on paper', async () => {
  // The manager is still signed in; the card sales and the card refund above ran on 22900002,
  // which the shop has not named.
  const { t } = german;
  const unnamed = t('terminals.unnamed', { digits: '0002' });
  const startsWith = (name: string) => new RegExp(`^${name} `);
  await goTo(counter, 'till-reports', 'shopDay.report.title');
  await page.getByRole('button', { name: t('shopDay.report.runX') }).click();
  const report = page.getByRole('region', { name: t('shopDay.report.xTitle') });
  for (const table of ['shopDay.report.byTender', 'shopDay.report.refundsBy'])
    await report
      .getByRole('region', { name: t(table) })
      .getByRole('row', { name: startsWith(unnamed) })
      .waitFor();
  assert.doesNotMatch(await page.locator('body').innerText(), /Card machine ending/);
  await noEnglishOnScreen('on the till X report');

  await page.getByRole('button', { name: t('shopDay.report.print') }).click();
  await page
    .getByRole('status')
    .filter({ hasText: t('shopDay.report.printed') })
    .waitFor();
  // The slip reaches the preview printer through the spool, a moment after the call returns.
  let slip: PreviewReceipt | undefined;
  for (let tries = 0; !slip && tries < 50; tries++) {
    [slip] = (await call(host, 'printing.preview', { limit: 1 })).filter((r) => r.receiptId.startsWith('x-'));
    if (!slip) await page.waitForTimeout(100);
  }
  const lines = slip!.lines.map((l) => l.value);
  assert.ok(
    lines.some((l) => l.startsWith(`${unnamed} (`)),
    lines.join('\n'),
  );
  assert.ok(!lines.some((l) => l.includes('Card machine ending')), lines.join('\n'));
});
