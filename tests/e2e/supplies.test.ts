// The Supplies screen in Chromium against the real services and the stand-in supplier: browse
// and search the catalogue, fill the cart, get the address wrong and see why, fix it, place the
// order once, and watch it move on to shipped with its tracking numbers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { DistributionSandbox } from '../../electron/sandbox/distribution/server';
import { formatMoney } from '../../shared/money';
import { goToScreen, launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { call } from './sell-support';

let host: TestHost;
let browser: Browser;
let page: Page;
let supplier: DistributionSandbox;

before(async () => {
  host = await startTestHost();
  supplier = (await host.till.sandbox()).distribution;
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

const product = (sku: string) => {
  const found = supplier.products.find((p) => p.sku === sku);
  assert.ok(found, `the stand-in sells ${sku}`);
  return found;
};
const field = (label: string) => page.getByLabel(label, { exact: false }).first();

test('browse, cart, a wrong postcode and country, fix, order once, and follow it to shipped', async () => {
  const rolls = product('TR-5780-20');
  const cups = product('CUP-08-1000');
  const soldOut = product('CUP-16-500');
  await goToScreen(page, 'Supplies');
  const catalogue = page.getByTestId('supplies-catalogue');
  await catalogue.getByText(rolls.name).waitFor();

  // Search narrows the list; an out-of-stock product shows its badge and cannot be added.
  await page.getByRole('searchbox', { name: 'Search supplies' }).fill('cups');
  await catalogue.getByText(soldOut.name).waitFor();
  assert.equal(await catalogue.getByText(rolls.name).count(), 0);
  const soldOutRow = catalogue.locator('li', { hasText: soldOut.name });
  assert.equal(await soldOutRow.getByText('Out of stock').count(), 1);
  assert.ok(await page.getByRole('button', { name: `Add ${soldOut.name}` }).isDisabled());
  await page.getByRole('button', { name: `Add ${cups.name}` }).click();
  await page.getByRole('searchbox', { name: 'Search supplies' }).fill('till rolls');
  await page.getByRole('button', { name: `Add ${rolls.name}` }).click();
  await page.getByRole('button', { name: `Add ${rolls.name}` }).click();
  const total = cups.price + rolls.price * 2;
  assert.equal(await page.getByTestId('cart-total').innerText(), formatMoney(total, 'GBP'));

  // The address, checked as it is typed.
  await page.getByRole('button', { name: 'Delivery address' }).click();
  await field('First name').fill('Ada');
  await field('Last name').fill('Baker');
  await field('Phone number').fill('020 7946 0000');
  await field('Address line 1').fill('12 High Street');
  await field('Town or city').fill('London');
  await field('Postcode').fill('NOT A CODE');
  await page.getByText("That postcode doesn't look right for United Kingdom.").waitFor();
  const review = page.getByRole('button', { name: 'Review the order' });
  assert.ok(await review.isDisabled(), 'a wrong postcode stops the order');
  await field('Country').fill('UK');
  await page
    .getByText('Choose the country as its two-letter code, e.g. GB for the United Kingdom.')
    .waitFor();
  assert.ok(await review.isDisabled());
  await field('Country').fill('GB');
  await field('Postcode').fill('SW1A 1AA');
  await page.getByText("That postcode doesn't look right", { exact: false }).waitFor({ state: 'detached' });
  await review.click();

  // Confirm with the total, and place it once.
  assert.equal(await page.getByTestId('confirm-total').innerText(), formatMoney(total, 'GBP'));
  const stored = supplier.stats().ordersStored;
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('status').filter({ hasText: 'The order is placed with the supplier.' });
  await placed.waitFor({ timeout: 10_000 });
  assert.equal(supplier.stats().ordersStored, stored + 1, 'exactly one order reached the supplier');
  const reference = (await placed.locator('strong').innerText()).trim();

  // The supplier's day, in seconds: an hour to shipped becomes three seconds.
  supplier.control({ speed: 1200 });
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByRole('button', { name: `Open order ${reference}` }).click();
  await page.getByRole('heading', { name: `Order ${reference}` }).waitFor();
  await page
    .getByTestId('order-status-words')
    .filter({ hasText: 'On its way' })
    .waitFor({ timeout: 20_000 })
    .catch(() => assert.fail('the order did not reach "shipped" on screen within 20 s'));
  const orders = await call(host, 'supplies.orders', {});
  const order = orders.orders.find((o) => o.referenceNumber === reference)!;
  assert.equal(order.status, 'shipped');
  const shipments = page.getByTestId('shipments');
  for (const shipment of order.shipments) await shipments.getByText(shipment.trackingId).waitFor();
  assert.equal(await page.locator('.supplies-timeline [aria-current="step"]').innerText(), 'On its way');
  assert.deepEqual(pageProblems(page), []);
});

test('the supplier sits in the status bar beside the card service, both stand-ins under the banner', async () => {
  const status = page.getByRole('status', { name: 'Connection and printer status' });
  await status.getByText('Supplier: online (sandbox)', { exact: true }).waitFor();
  await status.getByText('Card service: online (sandbox)', { exact: true }).waitFor();
  assert.equal(
    await page.getByRole('note', { name: 'Sandbox mode' }).innerText(),
    'Sandbox — no real money moves. Card machines, supplier and printer are stand-ins.',
  );
});

test('Settings: the order method switched to PUT sends the next order by PUT, once', async () => {
  await goToScreen(page, 'Settings');
  const section = page.getByRole('region', { name: 'Supplies' });
  await section
    .getByText('Keep POST unless your supplier says its service takes new orders only by PUT.')
    .waitFor();
  assert.ok(await section.getByRole('radio', { name: 'POST (usual)' }).isChecked(), 'POST by default');
  await section.getByRole('radio', { name: 'PUT' }).check();
  await section.getByRole('button', { name: 'Save Supplies' }).click();
  await section.getByRole('status').getByText('Supplies saved.').waitFor();
  assert.equal(host.till.settings.load().distribution.orderMethod, 'PUT');

  const before = supplier.stats();
  const placed = await call(host, 'supplies.placeOrder', {
    lines: [{ productId: product('TR-5780-20').id, quantity: 7 }],
    address: {
      firstName: 'Ada',
      lastName: 'Baker',
      phoneNumber: '020 7946 0000',
      lineOne: '12 High Street',
      city: 'London',
      postalCode: 'SW1A 1AA',
      country: 'GB',
    },
    confirmRepeat: false,
  });
  assert.equal(placed.outcome, 'placed', JSON.stringify(placed));
  const after = supplier.stats();
  assert.equal(after.creationRequests, before.creationRequests + 1, 'one creation request');
  assert.equal(after.putCreations, before.putCreations + 1, 'sent by PUT');
  assert.equal(after.ordersStored, before.ordersStored + 1, 'exactly one order at the supplier');
  assert.deepEqual(pageProblems(page), []);
});
