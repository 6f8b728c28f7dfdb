// The Supplies screen in Chromium against the real services and the stand-in supplier: browse
// and search the catalogue, fill the cart, get the address wrong and see why, fix it, place the
// order once, and watch it move on to shipped with its tracking numbers. Then a trial at the
// sandbox and a switch to a second ("live") stand-in that numbers its orders from the same id:
// a lost answer is found there, never ordered twice; and the Orders tab, opened with a full cart
// while that supplier is closed, lists the order in doubt from the till's own records and says the
// supplier can't be reached (Check again too), then finds it by Check again once the supplier is
// back, while the cart waits as it was.
//
// Secrets go to the real OS keychain under scripts/with-keyring.sh (as `npm test` runs it);
// elsewhere to the encrypted-file store with a test key.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  startDistributionSandbox,
  type DistributionSandbox,
} from '../../electron/sandbox/distribution/server';
import { EncryptedFileSecretStore } from '../../electron/services/storage/secret-store-encrypted-file';
import { formatMoney } from '../../shared/money';
import { aesBackend } from '../support/encryption';
import { screenProblems } from './support/axe';
import { goToScreen, launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { call } from './sell-support';

const LIVE_KEY = `live-key-${randomBytes(8).toString('hex')}`;
const MANAGER_PIN = '582946';

let host: TestHost;
let browser: Browser;
let page: Page;
let supplier: DistributionSandbox;
/** The second supplier, set up as Live: it numbers its orders from 5001 like the stand-in. */
let live: DistributionSandbox;
let secretsDir: string;

before(async () => {
  live = await startDistributionSandbox({ apiKey: LIVE_KEY });
  secretsDir = mkdtempSync(join(tmpdir(), 'paydesk-supplies-e2e-'));
  host = await startTestHost(
    process.env.PAYDESK_KEYRING === '1'
      ? {}
      : {
          secretStores: [
            new EncryptedFileSecretStore({
              file: join(secretsDir, 'secrets.enc.json'),
              encryption: aesBackend('test-aes-gcm'),
            }),
          ],
        },
  );
  supplier = (await host.till.sandbox()).distribution;
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
  await live?.close();
  if (secretsDir) rmSync(secretsDir, { recursive: true, force: true });
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

/** A supplier's orders as it lists them (GET /orders with its key). */
async function ordersAt(at: DistributionSandbox): Promise<{ id: number; referenceNumber: string }[]> {
  const answer = await fetch(`${at.baseUrl}/orders`, { headers: { Authorization: `Key ${at.apiKey}` } });
  assert.equal(answer.status, 200);
  return (await answer.json()) as { id: number; referenceNumber: string }[];
}

/** The Supplies screen at the catalogue, after any earlier order's "Order placed". */
async function toCatalogue() {
  await goToScreen(page, 'Supplies');
  await page.getByRole('tab', { name: 'Order supplies' }).click();
  const more = page.getByRole('button', { name: 'Order more supplies' });
  if (await more.isVisible()) await more.click();
  await page.getByTestId('supplies-catalogue').waitFor();
}

async function addToCart(sku: string, times: number) {
  const item = product(sku);
  await page.getByRole('searchbox', { name: 'Search supplies' }).fill(item.name);
  for (let i = 0; i < times; i++) await page.getByRole('button', { name: `Add ${item.name}` }).click();
}

/** From the cart: the delivery address (filled in full), the review, and "Place order". */
async function placeTheCart() {
  await page.getByRole('button', { name: 'Delivery address' }).click();
  for (const [label, value] of [
    ['First name', 'Ada'],
    ['Last name', 'Baker'],
    ['Phone number', '020 7946 0000'],
    ['Address line 1', '12 High Street'],
    ['Town or city', 'London'],
    ['Postcode', 'SW1A 1AA'],
    ['Country', 'GB'],
  ] as const)
    await field(label).fill(value);
  await page.getByRole('button', { name: 'Review the order' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
}

const FOUND = 'The supplier’s answer was lost, but the order was found at the supplier: it is placed, once.';

test('a trial at the sandbox, then a live supplier numbering from the same id: a lost answer is found, and ordering it again is asked first', async () => {
  // The trial, at the stand-in.
  await toCatalogue();
  await addToCart('TR-5780-20', 2);
  const trialStored = supplier.stats().ordersStored;
  await placeTheCart();
  await page.getByRole('status').filter({ hasText: 'The order is placed with the supplier.' }).waitFor();
  assert.equal(supplier.stats().ordersStored, trialStored + 1);
  assert.ok(
    (await ordersAt(supplier)).some((o) => o.id === 5001),
    'the till has placed order 5001 at the stand-in',
  );

  // The shop switches to its real supplier, which numbers its orders from 5001 too. Going live
  // takes a manager: the first manager PIN is set, and that manager is serving.
  await goToScreen(page, 'Settings');
  const pinPanel = page.getByRole('region', { name: 'Set a manager PIN' });
  await pinPanel.getByLabel('New manager PIN', { exact: true }).fill(MANAGER_PIN);
  await pinPanel.getByLabel('New manager PIN again').fill(MANAGER_PIN);
  await pinPanel.getByRole('button', { name: 'Set manager PIN' }).click();
  await page.getByRole('button', { name: 'Serving: Manager. Switch cashier' }).waitFor();
  const section = page.getByRole('region', { name: 'Supplies' });
  await section.getByRole('radio', { name: 'Live' }).check();
  await section.getByLabel('Live address').fill(live.baseUrl);
  await section.getByLabel('API key (live)').fill(LIVE_KEY);
  await section.getByRole('button', { name: 'Save API key' }).click();
  await section
    .getByTestId('secret-distribution.apiKey')
    .getByText(/^Saved /)
    .waitFor();
  await section.getByRole('button', { name: 'Save Supplies' }).click();
  await section.getByRole('status').getByText('Supplies is now Live: the connection test passed.').waitFor();

  // The same order at the live supplier; its answer is lost after the order is stored.
  live.control({ nextCreationAnswer: 'drop' });
  await toCatalogue();
  await addToCart('TR-5780-20', 2);
  await placeTheCart();
  const found = page.getByRole('status').filter({ hasText: FOUND });
  await found.waitFor({ timeout: 15_000 });
  const [atLive] = await ordersAt(live);
  assert.equal(atLive?.id, 5001, 'the live supplier’s own 5001');
  assert.equal((await found.locator('strong').innerText()).trim(), atLive.referenceNumber);
  assert.deepEqual(
    [live.stats().creationRequests, live.stats().ordersStored],
    [1, 1],
    'sent once, one order at the live supplier',
  );

  // "Order these again" from the order's page: the till asks before sending the same again.
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByRole('button', { name: `Open order ${atLive.referenceNumber}` }).click();
  await page.getByRole('button', { name: 'Order these again' }).click();
  assert.equal(await page.getByRole('tab', { name: 'Order supplies' }).getAttribute('aria-selected'), 'true');
  await placeTheCart();
  await page
    .getByRole('alert')
    .getByText('The same items to the same address were ordered 1 minute ago. Order them again?')
    .waitFor();
  await page.getByRole('button', { name: 'No, back to the cart' }).click();
  assert.equal(live.stats().creationRequests, 1, 'nothing sent without a yes');
  assert.deepEqual(pageProblems(page), []);
});

test('with a full cart and the supplier closed, the Orders tab lists the order in doubt and says why; Check again finds it once the supplier is back; the cart is as it was', async () => {
  // An order whose answer is lost while the supplier then closes for maintenance: in doubt.
  live.control({ nextCreationAnswer: 'drop', afterNextCreation: { maintenance: true } });
  await toCatalogue();
  await addToCart('CUP-08-1000', 1);
  await placeTheCart();
  await page
    .getByRole('alert')
    .getByText('The supplier’s answer to an order was lost', { exact: false })
    .waitFor();

  // Back to the cart, which still holds it, and one more thing in it.
  await page.getByRole('button', { name: 'Change the address' }).click();
  await page.getByRole('button', { name: 'Back to the cart' }).click();
  await addToCart('TR-5780-20', 1);
  const cartTotal = await page.getByTestId('cart-total').innerText();
  const cartLines = await page.getByTestId('cart-line').allInnerTexts();
  assert.equal(cartLines.length, 2);

  // The supplier is still closed: the Orders tab lists the order in doubt from the till's own
  // records, with its Check again, and says the supplier can't be reached, and why.
  await page.getByRole('tab', { name: 'Orders' }).click();
  const doubt = page.getByRole('alert').filter({ hasText: 'so it may or may not have been placed' });
  await doubt.waitFor();
  assert.equal(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected'), 'true');
  const unreachable = page.getByTestId('supplier-unreachable');
  await unreachable
    .getByText(
      "The supplier can't be reached right now. Orders in doubt are listed from the till's own records; the supplier's list of orders comes back when it answers.",
    )
    .waitFor();
  await unreachable.getByText('The supplier is closed for maintenance just now.', { exact: false }).waitFor();
  // The till's earlier orders at this supplier, as last read from it.
  await unreachable.getByText('The orders below are as the till last knew them', { exact: false }).waitFor();
  assert.ok((await page.getByTestId('supplies-orders').getByRole('button').count()) >= 1);
  assert.equal(await page.locator('.supplies-problem').count(), 0, 'no failure shown instead');
  const problems = await screenProblems(page, 'Supplies › Orders › supplier closed');

  // Check again while it is closed: still can't be reached, in words; nothing sent.
  await doubt.getByRole('button', { name: 'Check again' }).click();
  await page
    .getByTestId('checked-outcome')
    .getByText(
      "The supplier still can't be reached, so the till can't tell yet whether that order was placed.",
      {
        exact: false,
      },
    )
    .waitFor();
  await doubt.waitFor();
  assert.equal(live.stats().creationRequests, 2, 'not sent again');

  // The supplier is back: Check again finds it.
  live.control({ maintenance: false });
  await doubt.getByRole('button', { name: 'Check again' }).click();
  const found = page.getByTestId('checked-outcome').filter({ hasText: FOUND });
  await found.waitFor({ timeout: 15_000 });
  const stored = (await ordersAt(live)).find((o) => o.id === 5002);
  assert.ok(stored, 'the lost order is the live supplier’s 5002');
  assert.equal((await found.locator('strong').innerText()).trim(), stored.referenceNumber);
  await page.getByRole('button', { name: `Open order ${stored.referenceNumber}` }).waitFor();
  await doubt.waitFor({ state: 'detached' });
  problems.push(...(await screenProblems(page, 'Supplies › Orders › found')));
  assert.deepEqual(problems, [], 'readable by everyone, and no internals shown');
  assert.deepEqual(
    [live.stats().creationRequests, live.stats().ordersStored],
    [2, 2],
    'found, not sent again',
  );

  await page.getByRole('tab', { name: 'Order supplies' }).click();
  assert.equal(await page.getByTestId('cart-total').innerText(), cartTotal);
  assert.deepEqual(await page.getByTestId('cart-line').allInnerTexts(), cartLines);
  assert.deepEqual(pageProblems(page), []);
});
