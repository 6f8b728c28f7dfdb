// A part-paid sale on the Sell screen in Chromium against the real services: before any money
// is taken the sale can be abandoned; once a card has paid part of it, the screen offers no
// "Abandon sale" (the services would refuse it) but the refund path; the card part is refunded
// from there, and then the sale, holding no money any more, can be abandoned.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../shared/contract';
import { formatMoney } from '../../shared/money';
import { launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { addToBasket, call, newestSale } from './sell-support';
import { setUpStaff } from '../support/staff';

let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];

before(async () => {
  host = await startTestHost({ sandboxSpeed: 20 });
  browser = await launchBrowser();
  products = (await call(host, 'catalogue.get', {})).products;
  // Refunding the card part is a supervisor's right: a supervisor serves.
  await setUpStaff((method, input) => call(host, method, input), { signIn: 'supervisor' });
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

test('once a card has paid part of a sale, the Sell screen offers the refund path, not "Abandon sale"', async () => {
  const basket = products.filter((p) => p.price > 150).slice(0, 3);
  await addToBasket(page, basket);
  const due = basket.reduce((sum, p) => sum + p.price, 0);
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  const abandon = tender.getByRole('button', { name: 'Abandon sale' });
  const refundInstead = tender.getByRole('button', { name: 'Refund instead' });
  await abandon.waitFor();
  assert.equal(await refundInstead.count(), 0, 'nothing taken yet: abandoning is the way out');

  // £1.00 ends in 00: the sandbox approves it with chip and PIN.
  await tender.getByRole('tab', { name: 'Split card + cash' }).click();
  await tender.getByRole('textbox', { name: 'Card amount' }).fill('1.00');
  await tender.getByRole('button', { name: 'Charge £1.00 on card' }).click();
  const payment = page.getByRole('region', { name: 'Card payment' });
  await payment.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
  await payment.getByRole('button', { name: `Take the rest (${formatMoney(due - 100, 'GBP')})` }).click();

  await refundInstead.waitFor();
  assert.equal(await abandon.count(), 0, 'no "Abandon sale" once money has been taken');
  await tender.getByText('Part paid: finish with cash or card, or refund what was taken.').waitFor();
  const open = await newestSale(host);
  assert.equal(open.state, 'open');
  assert.equal(open.paid, 100);

  await refundInstead.click();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await page
    .getByRole('status')
    .getByText("£1.00 was taken on this sale, so it can't be abandoned: refund the card payment below")
    .waitFor();
  const row = refunds.getByTestId('refund-row').first();
  await row.getByText(/^Taken on the open sale · /).waitFor();
  await row.getByRole('button', { name: 'Refund £1.00' }).click();
  const refund = page.getByRole('region', { name: 'Card refund' });
  await refund.getByRole('status').filter({ hasText: 'Refunded' }).waitFor();

  const [cardPart] = open.tenders;
  const refunded = (await call(host, 'payments.recent', { limit: 10 })).find(
    (p) => p.type === 'REFUND' && p.successful,
  );
  assert.equal(refunded?.amount, 100, 'the card part was given back');
  assert.equal(refunded?.saleId, open.saleId);
  assert.equal(cardPart?.amount, 100);

  // Holding no money now, the sale can be closed from the Sell screen.
  await refund.getByRole('button', { name: 'Done' }).click();
  await refunds.getByRole('button', { name: 'Back to selling' }).click();
  await page.getByRole('button', { name: 'Continue payment' }).click();
  await tender.getByText('What was taken has been refunded: abandon the sale to close it.').waitFor();
  assert.equal(await refundInstead.count(), 0, 'nothing is held: no refund to offer');
  await abandon.click();
  await abandon.waitFor({ state: 'detached' });
  const closed = await call(host, 'sales.get', { saleId: open.saleId });
  assert.equal(closed.state, 'abandoned');
  assert.equal(closed.paid, 100);
  assert.equal(closed.refunded, 100, 'everything taken was given back');
  assert.deepEqual(pageProblems(page), []);
});
