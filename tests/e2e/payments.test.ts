// Card payments from the Sell screen in Chromium, against the real services and the sandbox
// card machine (scripts chosen by the amount's last two digits, read from SANDBOX_SCRIPTS).
// What is checked is what the cashier sees, and that a sale completes only on SUCCESSFUL.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../shared/contract';
import { formatMoney } from '../../shared/money';
import { setUpStaff, TEST_STAFF, type TestStaff } from '../support/staff';
import { launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import {
  addToBasket,
  basketEndingIn,
  call,
  chipAndPinSuffixes,
  newestSale,
  payWholeByCard,
  screenshot,
  suffixFor,
  total,
} from './sell-support';

let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];
let staff: TestStaff;

before(async () => {
  host = await startTestHost({ sandboxSpeed: 20 });
  browser = await launchBrowser();
  products = (await call(host, 'catalogue.get', {})).products;
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

const saleComplete = () => page.getByRole('region', { name: 'Sale complete' });
const paymentPanel = () => page.getByRole('region', { name: 'Card payment' });

async function newSale(): Promise<void> {
  await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByText('Tap a product or scan a barcode').waitFor();
}

let chipAndPinPaymentTotal = 0;

test('chip and PIN: the cashier follows the card machine and the sale completes', async () => {
  const basket = basketEndingIn(products, chipAndPinSuffixes());
  chipAndPinPaymentTotal = total(basket);
  await addToBasket(page, basket);
  await payWholeByCard(page);
  await saleComplete().waitFor();
  await screenshot(page, 'sale-complete');
  const text = await page.locator('main').innerText();
  assert.match(text, /Sale complete/);
  assert.match(text, /No change due/);
  assert.ok(text.includes(formatMoney(chipAndPinPaymentTotal, 'GBP')), 'the total shows in pounds');
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount]),
    [['card', chipAndPinPaymentTotal]],
  );
  const [payment] = await call(host, 'payments.recent', { limit: 1 });
  assert.ok(
    payment!.notifications.some((n) => n.code === 'PIN_ENTRY'),
    'the customer entered a PIN',
  );
  await newSale();
});

test('contactless: approved without a PIN', async () => {
  const basket = basketEndingIn(products, new Set([suffixFor('contactless')]));
  await addToBasket(page, basket);
  await payWholeByCard(page);
  await saleComplete().waitFor();
  const [payment] = await call(host, 'payments.recent', { limit: 1 });
  assert.equal(payment!.result, 'SUCCESSFUL');
  assert.ok(!payment!.notifications.some((n) => n.code === 'PIN_ENTRY'), 'no PIN for a tap');
  assert.equal((await newestSale(host)).state, 'completed');
  await newSale();
});

test('declined by the bank: not paid, the cashier is offered card again, cash or abandon', async () => {
  const basket = basketEndingIn(products, new Set([suffixFor('bank_decline')]));
  await addToBasket(page, basket);
  await payWholeByCard(page);
  const result = paymentPanel().getByRole('alert').filter({ hasText: 'Declined: not paid' });
  await result.waitFor();
  for (const name of ['Try card again', 'Pay cash', 'Abandon sale']) {
    await paymentPanel().getByRole('button', { name, exact: true }).waitFor();
  }
  assert.match(await paymentPanel().innerText(), /Declined by the bank/);
  await screenshot(page, 'payment-declined');
  assert.equal(await saleComplete().count(), 0);
  const sale = await newestSale(host);
  assert.equal(sale.state, 'open');
  assert.equal(sale.paid, 0);
  await paymentPanel().getByRole('button', { name: 'Abandon sale' }).click();
  await page.getByText('Sale abandoned.').waitFor();
  assert.equal((await call(host, 'sales.get', { saleId: sale.saleId })).state, 'abandoned');
});

test('declined by the card, then paid in cash: completes only once the cash is taken', async () => {
  const basket = basketEndingIn(products, new Set([suffixFor('card_decline')]));
  await addToBasket(page, basket);
  await payWholeByCard(page);
  await paymentPanel().getByRole('heading', { name: 'Declined: not paid' }).waitFor();
  await paymentPanel().getByRole('button', { name: 'Pay cash' }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.getByRole('tab', { name: 'Cash', exact: true, selected: true }).waitFor();
  await tender.getByRole('button', { name: /^Exact / }).click();
  await tender.getByRole('button', { name: /^Take .* cash$/ }).click();
  await saleComplete().waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => t.kind),
    ['cash'],
  );
  await newSale();
});

test('signature: the cashier sees a countdown, a reload resumes the same payment, accept completes the sale', async () => {
  const basket = basketEndingIn(products, new Set([suffixFor('signature')]));
  await addToBasket(page, basket);
  await payWholeByCard(page);
  await page.getByRole('button', { name: 'Accept signature' }).waitFor();
  assert.match(await page.getByTestId('signature-countdown').innerText(), /^\d+ s left to answer$/);
  await screenshot(page, 'payment-signature');
  await page.reload();
  await page.getByRole('button', { name: 'Accept signature' }).waitFor();
  await page.getByRole('button', { name: 'Decline signature' }).waitFor();
  assert.equal((await newestSale(host)).state, 'open', 'not paid while the signature is pending');
  await page.getByRole('button', { name: 'Accept signature' }).click();
  await saleComplete().waitFor();
  assert.equal((await newestSale(host)).state, 'completed');
  await newSale();
});

test('signature declined: the card machine voids it and the sale stays unpaid', async () => {
  const basket = basketEndingIn(products, new Set([suffixFor('signature')]));
  await addToBasket(page, basket);
  await payWholeByCard(page);
  await page.getByRole('button', { name: 'Decline signature' }).click();
  await paymentPanel().getByRole('heading', { name: 'Void: not paid' }).waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'open');
  assert.equal(sale.paid, 0);
  await paymentPanel().getByRole('button', { name: 'Abandon sale' }).click();
  await page.getByText('Sale abandoned.').waitFor();
});

test('cancel before the bank step: cancelled, not paid', async () => {
  const basket = basketEndingIn(products, new Set([suffixFor('slow_card')]));
  await addToBasket(page, basket);
  await payWholeByCard(page);
  await paymentPanel().getByRole('button', { name: 'Cancel payment' }).click();
  await paymentPanel().getByRole('heading', { name: 'Cancelled: not paid' }).waitFor();
  assert.equal((await newestSale(host)).paid, 0);
  await paymentPanel().getByRole('button', { name: 'Abandon sale' }).click();
  await page.getByText('Sale abandoned.').waitFor();
});

test('a second payment on a busy card machine is refused in plain words', async () => {
  // Page B has its sale ready at the tender, then page A occupies the machine with a signature.
  const other = await openTill(browser, host.host.url);
  try {
    await addToBasket(other, basketEndingIn(products, chipAndPinSuffixes()));
    await other.getByRole('button', { name: /^Pay / }).click();
    await other.getByRole('button', { name: /^Charge .* on card$/ }).waitFor();

    await addToBasket(page, basketEndingIn(products, new Set([suffixFor('signature')])));
    await payWholeByCard(page);
    await page.getByRole('button', { name: 'Accept signature' }).waitFor();

    await other.getByRole('button', { name: /^Charge .* on card$/ }).click();
    await other
      .getByRole('alert')
      .filter({ hasText: 'That card machine is busy with another payment.' })
      .waitFor();
    assert.equal(
      await other.getByRole('region', { name: 'Card payment' }).count(),
      0,
      'nothing started on B',
    );
    await other.getByRole('button', { name: 'Abandon sale' }).click();
    await other.getByText('Sale abandoned.').waitFor();

    await page.getByRole('button', { name: 'Decline signature' }).click();
    await paymentPanel().getByRole('heading', { name: 'Void: not paid' }).waitFor();
    await paymentPanel().getByRole('button', { name: 'Abandon sale' }).click();
    await page.getByText('Sale abandoned.').waitFor();
    assert.deepEqual(pageProblems(other), []);
  } finally {
    await other.close();
  }
});

test('refund part of a past card sale from the Refunds list', async () => {
  assert.ok(chipAndPinPaymentTotal > 100, 'the first test took a card payment worth refunding');
  // Refunds need a supervisor or manager: staff are set up and a supervisor serves.
  staff = await setUpStaff((method, input) => call(host, method, input), { signIn: 'supervisor' });
  await page.getByRole('button', { name: 'Refunds', exact: true }).click();
  const row = page
    .getByTestId('refund-row')
    .filter({ hasText: formatMoney(chipAndPinPaymentTotal, 'GBP') })
    .first();
  await row.waitFor();
  await row.getByRole('textbox').fill('1.00');
  await row.getByRole('button', { name: 'Refund £1.00' }).click();
  const refund = page.getByRole('region', { name: 'Card refund' });
  await refund.waitFor();
  await refund.getByRole('status').filter({ hasText: 'Refunded' }).waitFor();
  const [payment] = await call(host, 'payments.recent', { limit: 1 });
  assert.equal(payment!.type, 'REFUND');
  assert.equal(payment!.amount, 100);
  assert.equal(payment!.successful, true);
  await refund.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('region', { name: 'Refunds' }).waitFor();
  await page.getByRole('button', { name: 'Back to selling' }).click();
});

test('a cashier’s standalone refund waits for a manager’s PIN at the counter, then goes through', async () => {
  await staff.signIn('cashier');
  await page.getByRole('button', { name: 'Refunds', exact: true }).click();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await refunds.getByRole('textbox', { name: 'Standalone refund amount' }).fill('2.00');
  await refunds.getByRole('button', { name: 'Refund £2.00' }).click();
  const approval = refunds.getByRole('form', { name: 'Approval by a supervisor or manager' });
  await approval.waitFor();
  await refunds.getByRole('alert').filter({ hasText: 'needs a supervisor or manager' }).waitFor();
  await approval.getByRole('button', { name: new RegExp(TEST_STAFF.manager.name) }).click();
  await approval.getByLabel(`${TEST_STAFF.manager.name}’s PIN`).fill('1357');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await refunds.getByRole('alert').filter({ hasText: 'Wrong PIN' }).waitFor();
  assert.equal(
    await page.getByRole('region', { name: 'Card refund' }).count(),
    0,
    'a wrong PIN refunds nothing',
  );
  await approval.getByLabel(`${TEST_STAFF.manager.name}’s PIN`).fill(TEST_STAFF.manager.pin);
  await approval.getByRole('button', { name: 'Approve' }).click();
  const refund = page.getByRole('region', { name: 'Card refund' });
  await refund.getByRole('status').filter({ hasText: 'Refunded' }).waitFor();
  const [payment] = await call(host, 'payments.recent', { limit: 1 });
  assert.equal(payment!.type, 'REFUND');
  assert.equal(payment!.amount, 200);
  await refund.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Back to selling' }).click();
});

test('unknown outcome: the answer is lost, the till does not retry, the cashier settles it from the card machine', async () => {
  const sandbox = await host.till.sandbox();
  const startsBefore = sandbox.payAtCounter.stats().startRequests;
  sandbox.payAtCounter.control({ dropNextStartResponse: true });
  await addToBasket(page, basketEndingIn(products, chipAndPinSuffixes()));
  await payWholeByCard(page);
  const unknown = paymentPanel()
    .getByRole('alert')
    .filter({ hasText: 'Was it paid? Check the card machine' });
  await unknown.waitFor();
  assert.match(await unknown.innerText(), /will not try again/);
  // Why, in the payment's own words: its start got no clear answer.
  assert.match(
    await unknown.getByTestId('unknown-reason').innerText(),
    /^No clear answer to the start: .+ The card machine may be taking the payment\.$/,
  );
  await screenshot(page, 'payment-unknown');
  for (const name of ['It was paid', 'It was not paid', 'Print last receipt']) {
    await unknown.getByRole('button', { name }).waitFor();
  }
  assert.equal((await newestSale(host)).state, 'open', 'not paid until the cashier says so');
  await unknown.getByRole('button', { name: 'It was paid' }).click();
  await saleComplete().waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => t.kind),
    ['card'],
  );
  assert.equal(
    sandbox.payAtCounter.stats().startRequests,
    startsBefore + 1,
    'the start was never sent twice',
  );
  await newSale();
});

// Last: it leaves the sandbox card service stopped.
test('card service unreachable: the tender says so and a card taken on the machine is recorded for reconciliation', async () => {
  const sandbox = await host.till.sandbox();
  await sandbox.payAtCounter.close();
  const basket = basketEndingIn(products, chipAndPinSuffixes());
  await addToBasket(page, basket);
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  // The card machine list failed, so the status knows, and no machine is shown to charge on.
  await tender.getByRole('alert').filter({ hasText: 'The card service' }).first().waitFor();
  await tender.getByRole('alert').filter({ hasText: 'The card machines could not be listed.' }).waitFor();
  const charge = tender.getByRole('button', { name: /^Charge .* on card$/ });
  assert.equal(await charge.isDisabled(), true, 'no charge on a card machine the cashier cannot see');
  assert.equal(await paymentPanel().count(), 0, 'no payment panel for a payment that never started');
  await screenshot(page, 'tender-card-service-down');
  await tender.getByRole('button', { name: 'Card taken on the card machine' }).click();
  await tender.getByRole('textbox', { name: 'Reference from the card slip' }).fill('AUTH 123456');
  await tender.getByRole('button', { name: 'Record card payment' }).click();
  await saleComplete().waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount, t.reference, t.needsReconciliation]),
    [['manual_card', total(basket), 'AUTH 123456', true]],
  );
  await newSale();
  assert.deepEqual(pageProblems(page), []);
});
