// Card payments when the card service misbehaves, in Chromium against the real services and the
// sandbox card machine (its hostile answers switched over its control endpoint), as a cashier
// meets them: a payment whose reads keep failing ends, after five minutes, in "Was it paid?"
// (saying why), never sent again; a card machine list that fails to load says so with Try again, and Charge on
// card waits (with its reason) until a machine is listed and chosen. The till runs on a JumpClock,
// so the five minutes are jumped over instead of waited out.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../shared/contract';
import { hostile } from '../support/hostile-card-service';
import { JumpClock } from '../support/jump-clock';
import { waitUntil } from '../support/wait';
import { screenProblems } from './support/axe';
import { launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import {
  addToBasket,
  basketEndingIn,
  call,
  chipAndPinSuffixes,
  newestSale,
  screenshot,
} from './sell-support';

const GBP_TERMINAL = '22900001';
/** Over the card service client's 1 MiB cap on an answer. */
const OVERSIZED = { answer: 'huge_body', bytes: 2 * 1024 * 1024 } as const;

/** The till's clock: real time, jumped over the five minutes of failed reads. */
const clock = new JumpClock();
let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];

before(async () => {
  host = await startTestHost({ sandboxSpeed: 20, clock });
  browser = await launchBrowser();
  products = (await call(host, 'catalogue.get', {})).products;
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

const cardService = async () => (await host.till.sandbox()).payAtCounter;
const paymentPanel = () => page.getByRole('region', { name: 'Card payment' });
const tender = () => page.getByRole('region', { name: 'Take payment' });
const charge = () => tender().getByRole('button', { name: /^Charge .* on card$/ });

async function newSale(): Promise<void> {
  await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByText('Tap a product or scan a barcode').waitFor();
}

let firstSaleDone = false;

test('a payment whose reads keep failing reaches “Was it paid?” after five minutes and is never sent again', async () => {
  const sandbox = await cardService();
  const startsBefore = sandbox.stats().startRequests;
  await hostile(sandbox, { on: 'read', ...OVERSIZED });
  const unknown = paymentPanel()
    .getByRole('alert')
    .filter({ hasText: 'Was it paid? Check the card machine' });
  try {
    await addToBasket(page, basketEndingIn(products, chipAndPinSuffixes()));
    await page.getByRole('button', { name: /^Pay / }).click();
    await charge().click();
    await paymentPanel().waitFor();
    await waitUntil(async () => (await hostile(sandbox)).answers >= 3, 'reads of the payment to fail');
    // The card machine has long finished; the till cannot read that it has.
    await waitUntil(
      async () => (await call(host, 'terminals.get', { terminalId: GBP_TERMINAL })).status === 'AVAILABLE',
      'the card machine to finish the sale',
    );
    const [waiting] = await call(host, 'payments.recent', { limit: 1 });
    assert.equal(waiting!.state, 'in_progress', 'still followed while reads fail');
    assert.equal(await unknown.count(), 0);
    assert.equal((await newestSale(host)).state, 'open');
    await clock.jump(5 * 60_000);
    await unknown.waitFor();
  } finally {
    await hostile(sandbox, null);
  }
  await screenshot(page, 'payment-reads-failing');
  for (const name of ['It was paid', 'It was not paid', 'Print last receipt'])
    await unknown.getByRole('button', { name }).waitFor();
  const [payment] = await call(host, 'payments.recent', { limit: 1 });
  assert.equal(payment!.state, 'unknown');
  assert.match(payment!.message, /could not read the card service’s answers about this payment/);
  // The box says why in the payment's own words, not that an answer was lost.
  assert.equal(
    await unknown.getByTestId('unknown-reason').innerText(),
    'The till could not read the card service’s answers about this payment for several minutes: check the card machine.',
  );
  assert.doesNotMatch(await unknown.innerText(), /answer from the card service was lost/);
  assert.equal((await newestSale(host)).state, 'open', 'not paid until the cashier says so');
  assert.deepEqual(await screenProblems(page, 'payment whose reads keep failing'), []);
  await unknown.getByRole('button', { name: 'It was paid' }).click();
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => t.kind),
    ['card'],
  );
  assert.equal(sandbox.stats().startRequests, startsBefore + 1, 'the start was sent once');
  await newSale();
  firstSaleDone = true;
});

test('the card machine list fails: the tender says so with Try again and Charge on card waits; once listed, the sale goes through', async () => {
  // The first sale chose the GBP machine: the till still remembers it, but must not charge on it unseen.
  assert.ok(firstSaleDone, 'a card machine was chosen for an earlier sale');
  const sandbox = await cardService();
  await hostile(sandbox, { on: 'list', ...OVERSIZED });
  const notListed = tender().getByRole('alert').filter({ hasText: 'The card machines could not be listed.' });
  try {
    await addToBasket(page, basketEndingIn(products, chipAndPinSuffixes()));
    await page.getByRole('button', { name: /^Pay / }).click();
    await notListed.waitFor();
    assert.match(await notListed.innerText(), /far larger than any real one/);
    assert.equal(await charge().isDisabled(), true, 'no charge on a machine the cashier cannot see');
    assert.equal(await tender().getByRole('combobox', { name: 'Card machine' }).count(), 0);
    const reasonId = await charge().getAttribute('aria-describedby');
    assert.ok(reasonId, 'the disabled button names its reason');
    assert.equal(
      await page.locator(`[id="${reasonId}"]`).innerText(),
      'Charging on card needs the list of card machines: try again, or take cash.',
    );
    await screenshot(page, 'tender-machines-not-listed');
    assert.deepEqual(await screenProblems(page, 'tender, card machines not listed'), []);
  } finally {
    await hostile(sandbox, null);
  }
  await notListed.getByRole('button', { name: 'Try again' }).click();
  await tender().getByRole('combobox', { name: 'Card machine' }).waitFor();
  assert.equal(await notListed.count(), 0);
  assert.equal(await charge().isEnabled(), true);
  assert.equal(await charge().getAttribute('aria-describedby'), null);
  await charge().click();
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.tenders.map((t) => t.kind),
    ['card'],
  );
  await newSale();
  assert.deepEqual(pageProblems(page), []);
});
