// The counter in Chromium against the real services: a card sale with a basket discount above the
// shop's limit, approved by a supervisor's PIN; a parked sale resumed after the till restarts on
// the same data folder; a No-sale journaled with who and why; and a three-item sale by name with
// the keyboard only, every key press counted (the target is 15 or fewer).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '../../shared/contract';
import { formatMoney } from '../../shared/money';
import { priceBasket } from '../../shared/pricing';
import { TEST_STAFF, setUpStaff } from '../support/staff';
import { launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { call, chipAndPinSuffixes, newestSale } from './sell-support';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-counter-e2e-'));
let host: TestHost;
let browser: Browser;
let page: Page;
let products: Product[];

const signIn = async (role: 'cashier' | 'supervisor') => {
  const { people } = await call(host, 'staff.session', {});
  const person = people.find((p) => p.name === TEST_STAFF[role].name)!;
  const result = await call(host, 'staff.signIn', { staffId: person.id, pin: TEST_STAFF[role].pin });
  assert.ok(result.ok, `${role} signed in`);
};

before(async () => {
  host = await startTestHost({ dataDir });
  browser = await launchBrowser();
  await setUpStaff((method, input) => call(host, method, input), { signIn: 'cashier' });
  products = (await call(host, 'catalogue.get', {})).products;
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const search = () => page.getByRole('searchbox', { name: 'Search products by name or SKU' });
const basket = () => page.getByRole('complementary', { name: 'Basket' });

/** One product and a count whose total after 20 % off ends in pence the sandbox plays as chip and PIN. */
function discountedCardBasket(): { product: Product; quantity: number; total: number } {
  const wanted = chipAndPinSuffixes();
  for (const product of products.filter((p) => p.price > 0 && /^[A-Za-z ]+$/.test(p.name))) {
    for (let quantity = 2; quantity <= 9; quantity++) {
      const { total } = priceBasket([{ unitPrice: product.price, quantity }], {
        kind: 'percent',
        basisPoints: 2000,
      });
      if (wanted.has(total % 100)) return { product, quantity, total };
    }
  }
  throw new Error('no basket fits');
}

test('a card sale with a 20 % basket discount waits for a supervisor’s PIN, then pays by card', async () => {
  const { product, quantity, total } = discountedCardBasket();
  await search().focus();
  await search().pressSequentially(`${quantity}*`, { delay: 60 });
  await page
    .getByTestId('pending-quantity')
    .filter({ hasText: `× ${quantity}` })
    .waitFor();
  await search().pressSequentially(product.name, { delay: 60 });
  await page.getByText(`Enter adds ${product.name}`).waitFor();
  await search().press('Enter');
  await basket()
    .getByRole('group', { name: `Quantity of ${product.name}: ${quantity}` })
    .waitFor();

  await basket().getByRole('button', { name: 'Discount on the whole basket' }).click();
  const editor = basket().getByRole('form', { name: 'Discount on the whole basket' });
  await editor.getByLabel('Discount', { exact: true }).fill('20');
  await editor.getByRole('button', { name: 'Apply discount' }).click();
  assert.equal(await page.getByTestId('basket-total').innerText(), formatMoney(total, 'GBP'));

  await basket().getByRole('button', { name: /^Pay / }).click();
  const approval = basket().getByRole('form', { name: 'Approval by a supervisor or manager' });
  await approval.waitFor();
  await basket()
    .getByRole('alert')
    .filter({ hasText: 'A discount this large needs a supervisor or manager' })
    .waitFor();
  assert.equal((await call(host, 'sales.recent', { limit: 5 })).length, 0, 'no sale opened before approval');

  await approval.getByRole('button', { name: new RegExp(TEST_STAFF.supervisor.name) }).click();
  await approval.getByLabel(`${TEST_STAFF.supervisor.name}’s PIN`).fill(TEST_STAFF.supervisor.pin);
  await approval.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('region', { name: 'Take payment' }).waitFor();
  await page.getByRole('button', { name: /^Charge .* on card$/ }).click();
  await page.getByRole('region', { name: 'Sale complete' }).waitFor({ timeout: 20_000 });

  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.equal(sale.total, total);
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount]),
    [['card', total]],
  );
  assert.equal(sale.discount?.value, 2000);
  assert.equal(sale.discount?.by?.name, TEST_STAFF.cashier.name);
  assert.equal(sale.discount?.by?.approvedBy?.name, TEST_STAFF.supervisor.name);
  await page.keyboard.press('Escape');
  await search().waitFor();
});

test('a No-sale asks a supervisor for a cashier and is journaled with both names and the reason', async () => {
  await page.getByRole('button', { name: 'No-sale' }).click();
  const form = page.getByRole('region', { name: 'Open the drawer without a sale' });
  await form.getByLabel('Why the drawer opens').fill('Change for the float');
  await form.getByRole('button', { name: 'Open the drawer' }).click();
  const approval = form.getByRole('form', { name: 'Approval by a supervisor or manager' });
  await approval.getByRole('button', { name: new RegExp(TEST_STAFF.supervisor.name) }).click();
  await approval.getByLabel(`${TEST_STAFF.supervisor.name}’s PIN`).fill(TEST_STAFF.supervisor.pin);
  await approval.getByRole('button', { name: 'Approve' }).click();
  // No printer drawer is set up in this till: journaled, and the cashier is told to use the key.
  await page.getByRole('status').filter({ hasText: 'open the drawer with its key' }).waitFor();
  const [noSale] = await call(host, 'counter.noSales', { limit: 1 });
  assert.equal(noSale?.reason, 'Change for the float');
  assert.equal(noSale?.by?.name, TEST_STAFF.cashier.name);
  assert.equal(noSale?.by?.approvedBy?.name, TEST_STAFF.supervisor.name);
  assert.equal(await form.count(), 0, 'the form closed');
});

test('the keyboard alone sells three items by name in 15 keys or fewer', async () => {
  const picks = ['Latte', 'Cinnamon bun', 'Cola 330ml'];
  const keys: string[] = [];
  const press = async (key: string) => {
    keys.push(key);
    await page.keyboard.press(key);
  };
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    'sell-search',
    'the search field is ready',
  );
  for (const [typed, name] of [
    ['lat', picks[0]!],
    ['bun', picks[1]!],
    ['col', picks[2]!],
  ] as const) {
    for (const key of typed) await press(key);
    await page.getByText(`Enter adds ${name}`).waitFor();
    await press('Enter');
    await basket().getByText(name, { exact: true }).waitFor();
  }
  await press('F4'); // exact cash
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
  console.log(`keyboard-only three-item sale: ${keys.length} keys (${keys.join(' ')})`);
  assert.ok(keys.length <= 15, `${keys.length} keys`);

  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.deepEqual(
    sale.lines.map((l) => [l.name, l.quantity]),
    picks.map((n) => [n, 1]),
  );
  const expected = picks.reduce((sum, n) => sum + products.find((p) => p.name === n)!.price, 0);
  assert.equal(sale.total, expected);
  assert.deepEqual(
    sale.tenders.map((t) => [t.kind, t.amount, t.given]),
    [['cash', expected, expected]],
  );
  await press('Escape');
  await search().waitFor();
});

test('a parked sale survives a restart of the till and is resumed', async () => {
  const [a, b] = [
    products.find((p) => p.name === 'Flat white')!,
    products.find((p) => p.name === 'Flapjack')!,
  ];
  await search().pressSequentially('2*', { delay: 60 });
  await search().pressSequentially('flat', { delay: 60 });
  await page.getByText(`Enter adds ${a.name}`).waitFor();
  await search().press('Enter');
  await search().pressSequentially('flapj', { delay: 60 });
  await page.getByText(`Enter adds ${b.name}`).waitFor();
  await search().press('Enter');
  await basket().getByText(b.name, { exact: true }).waitFor();
  await page.keyboard.press('F6');
  await page.getByRole('button', { name: 'Parked sales (1)' }).waitFor();
  assert.equal(await page.getByTestId('basket-line').count(), 0, 'the basket is free for the next customer');
  assert.deepEqual(pageProblems(page), []);

  await page.close();
  await host.close();
  host = await startTestHost({ dataDir });
  await signIn('cashier');
  page = await openTill(browser, host.host.url);
  await page.getByRole('button', { name: 'Parked sales (1)' }).click();
  await page.getByRole('region', { name: 'Parked sales' }).getByRole('button', { name: 'Resume' }).click();
  await basket().getByText(a.name, { exact: true }).waitFor();
  await basket()
    .getByRole('group', { name: `Quantity of ${a.name}: 2` })
    .waitFor();
  const expected = a.price * 2 + b.price;
  assert.equal(await page.getByTestId('basket-total').innerText(), formatMoney(expected, 'GBP'));
  await page.keyboard.press('F4');
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.equal(sale.total, expected);
  assert.deepEqual(await call(host, 'counter.parked', {}), []);
  assert.deepEqual(pageProblems(page), []);
});
