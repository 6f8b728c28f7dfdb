// The shop's day in Chromium against the real till services: open a shift with a counted float,
// sell for cash and by card, refund an item of the card sale from the History screen (part to the
// card, the rest in cash, as a manager would), pay cash out, run the till X (its tables and the
// chart by hour), then count the drawer 0.50 short and see it said.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { formatterFor } from '../../shared/format';
import { formatMoney } from '../../shared/money';
import { denominationsOf } from '../../shared/denominations';
import type { Product } from '../../shared/contract';
import { refundWorth } from '../../shared/refund-money';
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

const FLOAT = 11_000;
let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;
let products: Product[];
let cashTaken = 0;
/** Cash the itemised refund gave back from the drawer. */
let cashBack = 0;

before(async () => {
  ({ host, page, close } = await openStaffedTill());
  products = (await call(host, 'catalogue.get', {})).products;
});

after(() => close?.());

/** Types a drawer count of `amount` in the fewest notes and coins into the count form `form`. */
async function typeCount(form: ReturnType<Page['getByRole']>, amount: number): Promise<void> {
  let left = amount;
  for (const d of denominationsOf('GBP')) {
    const count = Math.floor(left / d.value);
    left -= count * d.value;
    if (count === 0) continue;
    const kind = d.kind === 'note' ? 'notes' : 'coins';
    await form
      .getByRole('textbox', { name: `Number of ${formatMoney(d.value, 'GBP')} ${kind}` })
      .fill(String(count));
  }
}

test('a shift opens with its float counted by note and coin', async () => {
  await goToScreen(page, 'Cash drawer');
  const form = page.getByRole('form', { name: 'Count the float' });
  await typeCount(form, FLOAT);
  await form.getByRole('button', { name: 'Open the shift with £110.00' }).click();
  const open = page.getByRole('region', { name: 'Shift 1 is open' });
  await open.waitFor();
  // Counted blind by default: what the drawer should hold is not shown yet.
  await open.getByText(/Counted blind/).waitFor();
  assert.equal((await call(host, 'shifts.current', {}))?.float, FLOAT);
});

test('a cash sale and a card sale, then an item of the card sale refunded from History', async () => {
  await goToScreen(page, 'Sell');
  const cash = products.filter((p) => p.price > 0).slice(0, 2);
  await addToBasket(page, cash);
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.getByRole('tab', { name: 'Cash', exact: true }).click();
  await tender.getByRole('button', { name: /^Exact / }).click();
  await tender.getByRole('button', { name: /^Take .* cash$/ }).click();
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
  const cashSale = await newestSale(host);
  cashTaken = cashSale.total;
  await page.getByRole('button', { name: 'New sale' }).click();

  await addToBasket(page, basketEndingIn(products, chipAndPinSuffixes()));
  await payWholeByCard(page);
  await page.getByRole('region', { name: 'Sale complete' }).waitFor({ timeout: 20_000 });
  const cardSale = await newestSale(host);
  assert.equal(cardSale.state, 'completed');
  await page.getByRole('button', { name: 'New sale' }).click();

  // Found by its receipt number on the History screen; one item back, £1.00 to the card and the
  // rest in cash from the drawer (the steps of history-refunds.test.ts).
  const money = (minor: number) => formatMoney(minor, 'GBP');
  const line = cardSale.lines[0]!;
  const worth = refundWorth(line.lineTotal, line.quantity, 0, 1);
  await goToScreen(page, 'History');
  const search = page.getByRole('form', { name: 'Find a sale' });
  await search.getByLabel('Receipt number').fill(cardSale.receiptNumber);
  await search.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('region', { name: 'Sales' })
    .getByRole('button', { name: new RegExp(`^${cardSale.receiptNumber} `) })
    .click({ timeout: 10_000 });
  const panel = page.getByRole('region', { name: `Receipt ${cardSale.receiptNumber}` });
  const form = panel.getByRole('form', { name: 'Refund items' });
  await form.getByLabel(`Refund how many of ${line.name} (${line.quantity} left)`).fill('1');
  await form.getByLabel(/^To the card/).fill('1.00');
  await form.getByLabel('Reason').fill('Spilt on the counter');
  await form.getByRole('button', { name: `Refund ${money(worth)}` }).click();
  await panel
    .getByRole('status', { name: 'Latest refund' })
    .getByText(
      `Refunded ${money(worth)}: ${money(100)} to the card and ${money(worth - 100)} in cash from the drawer.`,
    )
    .waitFor({ timeout: 20_000 });
  const [refund] = (await call(host, 'history.sale', { saleId: cardSale.saleId })).refunds;
  assert.deepEqual([refund?.state, refund?.cardAmount, refund?.cashAmount], ['completed', 100, worth - 100]);
  cashBack = refund!.cashAmount;
});

test('cash paid out of the drawer, with a reason', async () => {
  await goToScreen(page, 'Cash drawer');
  const form = page.getByRole('form', { name: 'Cash in or out' });
  await form.getByRole('combobox', { name: 'Cash' }).selectOption('out');
  await form.getByRole('combobox', { name: 'Why' }).selectOption('paid_out');
  await form.getByRole('textbox', { name: 'Amount (GBP)' }).fill('5.00');
  await form.getByRole('textbox', { name: 'Note' }).fill('Milk for the staff room');
  await form.getByRole('button', { name: 'Record it' }).click();
  await page
    .getByRole('list', { name: 'Cash in and out this shift' })
    .getByText(/Paid out: £5\.00 taken out by Morgan/)
    .waitFor();
});

test('the till X shows the day in tables and a chart by hour', async () => {
  await goToScreen(page, 'Till reports');
  await page.getByRole('button', { name: 'Day so far (X)' }).click();
  const report = page.getByRole('region', { name: 'Day so far (X report)' });
  await report.waitFor();
  const x = await call(host, 'tillReports.x', {});
  assert.equal(await report.getByTestId('report-gross').innerText(), formatMoney(x.sales.amount, 'GBP'));
  assert.equal(
    await report.getByTestId('report-net').innerText(),
    formatMoney(x.sales.amount - 100 - cashBack, 'GBP'),
  );
  const tenders = report.getByRole('region', { name: 'By payment' });
  await tenders
    .getByRole('row', { name: new RegExp(`^Cash 1 ${formatMoney(cashTaken, 'GBP').replace('.', '\\.')}$`) })
    .waitFor();
  await tenders.getByRole('row', { name: /^Card machine ending 0001 1 / }).waitFor();
  await report
    .getByRole('region', { name: 'Refunds' })
    .getByRole('row', { name: /^Card machine ending 0001 1 £1\.00$/ })
    .waitFor();
  await report
    .getByRole('region', { name: 'Refunds' })
    .getByRole('row', { name: `Cash 1 ${formatMoney(cashBack, 'GBP')}` })
    .waitFor();
  await report
    .getByRole('region', { name: 'Cash in and out' })
    .getByRole('row', { name: /^Out: Paid out 1 £5\.00$/ })
    .waitFor();
  for (const table of ['By VAT rate', 'By category', 'By cashier'])
    assert.ok(
      (await report.getByRole('region', { name: table }).getByRole('row').count()) > 1,
      `${table} has rows`,
    );
  // Refunds with the minus sign; the category and cashier rows carry refunds and net, and each
  // table ends with the net takings they add up to. The refund is the manager's, who gave it.
  const screen = formatterFor('en-GB');
  const money = (minor: number) => screen.money(minor, 'GBP');
  assert.equal(await report.getByTestId('report-refunds').innerText(), money(-x.sales.refunds));
  const manager = x.cashiers.find((c) => c.name === 'Morgan')!;
  assert.equal(manager.refunds, x.sales.refunds);
  const cashiers = report.getByRole('region', { name: 'By cashier' });
  await cashiers
    .getByRole('row', {
      name: `Morgan ${manager.count} ${money(manager.amount)} ${money(-manager.refunds!)} ${money(manager.net!)}`,
      exact: true,
    })
    .waitFor();
  for (const table of ['By category', 'By cashier'])
    await report
      .getByRole('region', { name: table })
      .getByRole('row', { name: `Net takings ${money(x.sales.net)}`, exact: true })
      .waitFor();
  // The chart by hour: uPlot draws on a canvas inside the labelled figure.
  const chart = report.getByRole('img', { name: 'Takings by hour of the day' });
  await chart.locator('canvas').first().waitFor({ state: 'visible', timeout: 10_000 });
  assert.ok(((await chart.boundingBox())?.height ?? 0) > 100, 'the chart has room');
  await page.screenshot({ path: screenshotPath('shop-day-x-report'), fullPage: true });
});

test('the drawer counted 0.50 short: expected against counted, and who counted', async () => {
  await goToScreen(page, 'Cash drawer');
  const expected = FLOAT + cashTaken - 500 - cashBack;
  const form = page.getByRole('form', { name: 'Count the drawer to close the shift' });
  await typeCount(form, expected - 50);
  await form
    .getByRole('button', { name: `Close the shift with ${formatMoney(expected - 50, 'GBP')} counted` })
    .click();
  const result = page.getByRole('region', { name: 'Shift 1 is closed' });
  await result.waitFor();
  assert.equal(await result.getByTestId('shift-expected').innerText(), formatMoney(expected, 'GBP'));
  assert.equal(await result.getByTestId('shift-counted').innerText(), formatMoney(expected - 50, 'GBP'));
  // Negative amounts on screen with the minus sign: −£0.50.
  assert.equal(await result.getByTestId('shift-difference').innerText(), '\u2212£0.50');
  await result
    .getByText('The drawer is £0.50 short. Counted by Morgan: count again, then tell the manager.')
    .waitFor();
  const [closed] = await call(host, 'shifts.history', { limit: 1 });
  assert.equal(closed?.difference, -50);
  assert.deepEqual(pageProblems(page), []);
  await page.screenshot({ path: screenshotPath('shop-day-closed'), fullPage: true });
});
