// Sales history and itemised refunds in Chromium against the real till services: a card sale of
// two items is found on the History screen by its receipt number, then refunded item by item:
// the first item back to the card, the second part to the card and part in cash. The services'
// own record is checked after each step (amounts in minor units, the card refunds linked to the
// sale's card payment).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Product, SaleView } from '../../shared/contract';
import { formatMoney } from '../../shared/money';
import { setUpStaff } from '../support/staff';
import { goToScreen, launchBrowser, openTill, pageProblems, screenshotPath } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { axeViolations } from './support/axe';
import { call } from './sell-support';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TERMINAL = '22900001';
let host: TestHost;
let browser: Browser;
let page: Page;

/** The sandbox card machine simply approves amounts whose last two digits no script claims. */
const approved = (amount: number) => amount % 100 === 0 || amount % 100 > 13;

/** Two products and a basket (2 of the first, 1 of the second) the card machine approves. */
function pickBasket(products: readonly Product[]): { first: Product; second: Product } {
  const pool = products.filter((p) => p.price >= 300 && approved(p.price));
  for (const first of pool)
    for (const second of pool)
      if (first.id !== second.id && approved(first.price * 2 + second.price)) return { first, second };
  throw new Error('no basket the sandbox approves');
}

async function paidByCard(lines: Array<{ productId: string; quantity: number }>): Promise<SaleView> {
  const sale = await call(host, 'sales.open', { lines });
  await call(host, 'sales.payCard', { saleId: sale.saleId, terminalId: TERMINAL, amount: sale.total });
  for (let waited = 0; waited < 20_000; waited += 100) {
    const now = await call(host, 'sales.get', { saleId: sale.saleId });
    if (now.state === 'completed') return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting for the card sale to complete');
}

before(async () => {
  host = await startTestHost({ pinScryptCost: 1024 });
  await setUpStaff((method, input) => call(host, method, input)); // the manager is signed in
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

test('a sale found by its receipt number is refunded item by item, to the card and in cash', async () => {
  const { products } = await call(host, 'catalogue.get', {});
  const { first, second } = pickBasket(products);
  const sale = await paidByCard([
    { productId: first.id, quantity: 2 },
    { productId: second.id, quantity: 1 },
  ]);
  // Another sale, so the search has something to leave out.
  await paidByCard([{ productId: first.id, quantity: 1 }]);
  const money = (minor: number) => formatMoney(minor, sale.currency);

  await goToScreen(page, 'History');
  const search = page.getByRole('form', { name: 'Find a sale' });
  await search.getByLabel('Receipt number').fill(sale.receiptNumber);
  await search.getByRole('button', { name: 'Find' }).click();
  const results = page.getByRole('region', { name: 'Sales' });
  const open = results.getByRole('button', {
    name: new RegExp(`^${sale.receiptNumber} .*${escape(money(sale.total))}`),
  });
  await open.waitFor({ timeout: 10_000 });
  assert.equal(await results.getByRole('listitem').count(), 1, 'only the sale asked for');
  assert.deepEqual(await axeViolations(page), [], 'the History screen’s list');
  await open.click();

  const panel = page.getByRole('region', { name: `Receipt ${sale.receiptNumber}` });
  await panel.waitFor();
  const form = panel.getByRole('form', { name: 'Refund items' });
  const latest = panel.getByRole('status', { name: 'Latest refund' });

  // One of the first item, all of it back to the card.
  await form.getByLabel(`Refund how many of ${first.name} (2 left)`).fill('1');
  await form.getByLabel('Reason').fill('Faulty');
  await form.getByRole('button', { name: `Refund ${money(first.price)}` }).click();
  await latest
    .getByText(`Refunded ${money(first.price)}: ${money(first.price)} to the card.`)
    .waitFor({ timeout: 20_000 });

  // The second item: £1.00 to the card, the rest in cash from the drawer.
  const cash = second.price - 100;
  await form.getByLabel(`Refund how many of ${second.name} (1 left)`).fill('1');
  await form.getByLabel(/^To the card/).fill('1.00');
  await form
    .getByRole('status', { name: 'Refund split' })
    .getByText(
      `Refund ${money(second.price)}: ${money(100)} to the card, ${money(cash)} in cash from the drawer.`,
    )
    .waitFor();
  await form.getByLabel('Reason').fill('Wrong colour');
  await form.getByRole('button', { name: `Refund ${money(second.price)}` }).click();
  await latest
    .getByText(
      `Refunded ${money(second.price)}: ${money(100)} to the card and ${money(cash)} in cash from the drawer.`,
    )
    .waitFor({ timeout: 20_000 });
  assert.deepEqual(await axeViolations(page), [], 'an opened sale with its refunds');
  await page.screenshot({ path: screenshotPath('history-refunds'), fullPage: true });

  // The services' record: two refunds linked to the sale, card parts on its card payment.
  const record = await call(host, 'history.sale', { saleId: sale.saleId });
  assert.deepEqual(
    record.refunds.map((r) => [r.state, r.total, r.cardAmount, r.cashAmount, r.reason]),
    [
      ['completed', first.price, first.price, 0, 'Faulty'],
      ['completed', second.price, 100, cash, 'Wrong colour'],
    ],
  );
  assert.deepEqual(
    record.lines.map((l) => l.refundableQuantity),
    [1, 0],
  );
  const original = sale.tenders[0]!.paymentId!;
  for (const refund of record.refunds) {
    const payment = await call(host, 'payments.get', { paymentId: refund.cardPaymentId! });
    assert.equal(payment.type, 'REFUND');
    assert.equal(payment.successful, true);
    assert.equal(payment.saleId, sale.saleId);
    assert.equal(refund.originalPaymentId, original);
  }
  assert.equal(record.cards[0]!.refundableLeft, sale.total - first.price - 100);
  assert.deepEqual(pageProblems(page), []);
});
