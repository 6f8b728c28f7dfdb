// The shop server's whole story in Chromium (issue 30): two tills, each a browser host with its own
// data folder and its own secret store, one real PostgreSQL, one page per till, worked through the
// screens as people at the counter would. Till 1's manager adds a product in the back office and
// till 2's cashier sells it within seconds; till 1 finds that sale by its receipt number in History,
// sees it was made on till 2 and refunds it in cash; the whole shop's X on till 1 is the sum of both
// tills' own X to the penny, on the screens and in the contract's answers row by row; a person a
// manager adds on till 2 signs in on till 1 with the same PIN. Till 2 joins the shop empty: its
// people come down from the shop server (docs/shop-server.md, "A till joining a shop").
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Product, TenderRow, TillReportView } from '../../shared/contract';
import { EncryptedFileSecretStore } from '../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../support/encryption';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { prepareShop, tillSettings, type TestShop } from '../support/shop-server';
import { setUpStaff, TEST_STAFF } from '../support/staff';
import { waitUntil } from '../support/wait';
import { refundAnotherTillsSaleInCash, speaker, switchServing, type Counter } from './counter-steps';
import { addToBasket, call, newestSale, payWholeInExactCash, productButton } from './sell-support';
import { screenProblems } from './support/axe';
import { goToScreen, launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';

interface ShopTill {
  host: TestHost;
  page: Page;
  counter: Counter;
  dataDir: string;
}

const words = speaker('en-GB');
const NEW_PERSON = { name: 'Robin', pin: '5827' };
let server: TestPostgres;
let shop: TestShop;
let browser: Browser;
const tills: ShopTill[] = [];
const till = (n: 1 | 2) => tills[n - 1]!;

/** Till `number`'s host: a data folder and a secret store of its own (`password` already in it). */
async function startTill(number: 1 | 2, password?: string): Promise<{ host: TestHost; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `paydesk-two-tills-${number}-`));
  const secrets = new EncryptedFileSecretStore({
    file: join(dataDir, 'secrets.bin'),
    encryption: aesBackend(),
  });
  if (password) await secrets.set('shopServer.password', 'live', password);
  const host = await startTestHost({ pinScryptCost: 1024, dataDir, secretStores: [secrets] });
  return { host, dataDir };
}

async function connected(host: TestHost, which: string): Promise<void> {
  await waitUntil(
    async () => (await call(host, 'status.get', {})).shopServer?.state === 'up_to_date',
    `${which} to be up to date with the shop server`,
    30_000,
  );
}

before(async () => {
  server = await startTestPostgres();
  shop = await prepareShop(server, 2);
  browser = await launchBrowser();
  // Till 1: the shop's people, the manager serving; its shop server set through the contract.
  const one = await startTill(1);
  await setUpStaff((method, input) => call(one.host, method, input), { signIn: 'manager' });
  const login1 = shop.tills[0]!;
  await call(one.host, 'secrets.save', {
    key: 'shopServer.password',
    profile: 'live',
    value: login1.password,
  });
  await call(one.host, 'settings.update', { patch: { shopServer: tillSettings(server, shop, login1) } });
  await connected(one.host, 'till 1');
  // Till 2: nobody on it yet; set up as its installer would (password and settings), it joins.
  const login2 = shop.tills[1]!;
  const two = await startTill(2, login2.password);
  two.host.till.settings.update({ shopServer: tillSettings(server, shop, login2) });
  await connected(two.host, 'till 2');
  const people = await waitUntil(async () => {
    const { people } = await call(two.host, 'staff.session', {});
    return people.length === 3 && people;
  }, 'till 1’s people on till 2');
  const byName = (name: string) => people.find((p) => p.name === name)!.id;
  const manager = { staffId: byName(TEST_STAFF.manager.name), pin: TEST_STAFF.manager.pin };
  assert.equal((await call(two.host, 'staff.signIn', manager)).ok, true);
  await call(two.host, 'staff.setIdleSignOut', { minutes: 0 });
  const cashier = { staffId: byName(TEST_STAFF.cashier.name), pin: TEST_STAFF.cashier.pin };
  assert.equal((await call(two.host, 'staff.signIn', cashier)).ok, true);

  for (const { host, dataDir } of [one, two]) {
    const page = await openTill(browser, host.host.url, { viewport: { width: 1024, height: 768 } });
    tills.push({
      host,
      page,
      dataDir,
      counter: { page: () => page, host: () => host, words, currency: 'GBP' },
    });
  }
});

after(async () => {
  await browser?.close();
  for (const t of tills) {
    await t.host.close();
    rmSync(t.dataDir, { recursive: true, force: true });
  }
  await server?.close();
});

let product: Product;

test('a product a manager adds on till 1 is on till 2’s Sell screen within seconds, and sold there', async (t) => {
  const { page } = till(1);
  await goToScreen(page, 'Back office');
  await page.getByRole('button', { name: 'Add product' }).click();
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name').fill('Oat flat white');
  await form.getByLabel('Price (with VAT)').fill('3.20');
  await form.getByLabel('Category').fill('Coffee');
  await form.getByRole('button', { name: 'Save product' }).click();
  await form.waitFor({ state: 'detached' });
  const saved = Date.now();
  const { products } = await call(till(1).host, 'catalogue.get', {});
  product = products.find((p) => p.name === 'Oat flat white')!;
  assert.equal(product?.price, 320);

  // Till 2's cashier finds it by its SKU: it came down from the shop server, nobody reloaded.
  const two = till(2).page;
  await two.getByRole('searchbox', { name: 'Search products by name or SKU' }).fill(product.sku);
  await productButton(two, product.name).waitFor({ timeout: 10_000 });
  const lag = Date.now() - saved;
  assert.ok(lag < 10_000, `on till 2 after ${lag} ms`);
  t.diagnostic(`the product was on till 2’s Sell screen ${lag} ms after it was saved on till 1`);
  await addToBasket(two, [product, product]);
  await payWholeInExactCash(two);
  const sale = await newestSale(till(2).host);
  assert.deepEqual([sale.state, sale.receiptNumber, sale.total], ['completed', '2-000001', 640]);
  assert.equal(sale.lines[0]?.productId, product.id, 'the product till 1 added, not a copy');
  await connected(till(2).host, 'till 2’s sale');
  assert.deepEqual(pageProblems(two), []);
});

test('till 2’s sale is found on till 1 by its receipt number, shown as made on till 2, and refunded in cash', async () => {
  // Till 1 sells one too, so both tills have takings of their own in the reports.
  const { page, host, counter } = till(1);
  await goToScreen(page, 'Sell');
  await addToBasket(page, [product]);
  await payWholeInExactCash(page);
  assert.equal((await newestSale(host)).receiptNumber, '1-000001');

  await refundAnotherTillsSaleInCash(
    counter,
    { receipt: '2-000001', till: { name: 'Till 2', number: 2 }, currency: 'GBP' },
    { item: product.name, left: 2, quantity: 1, total: 320, reason: 'Spilt' },
  );
  const sale = await newestSale(till(2).host);
  const record = await call(host, 'history.sale', { saleId: sale.saleId });
  assert.deepEqual(record.till, { number: 2, name: 'Till 2' });
  assert.deepEqual(
    record.refunds.map((r) => [r.state, r.total, r.cashAmount]),
    [['completed', 320, 320]],
  );
  await connected(host, 'till 1’s refund');
  assert.deepEqual(pageProblems(page), []);
});

/** An amount as the report's headline shows it, in minor units ("−£3.20" is −320). */
async function shown(page: Page, region: string, testId: string): Promise<number> {
  const text = await page.getByRole('region', { name: region }).getByTestId(testId).innerText();
  const minor = Number(text.replace(/[^\d]/g, ''));
  return /[-−]/.test(text) ? -minor : minor;
}

const HEADLINE = ['report-gross', 'report-refunds', 'report-net'] as const;

async function headline(page: Page, region: string): Promise<number[]> {
  return Promise.all(HEADLINE.map((id) => shown(page, region, id)));
}

/** Rows by key, each with its count and amount summed over the reports given. */
function summed(rows: readonly TenderRow[][]): Record<string, { count: number; amount: number }> {
  const sums: Record<string, { count: number; amount: number }> = {};
  for (const row of rows.flat()) {
    const sum = (sums[row.key] ??= { count: 0, amount: 0 });
    sum.count += row.count;
    sum.amount += row.amount;
  }
  return sums;
}

const salesOf = (r: TillReportView) => r.sales;

test('the whole shop’s X on till 1 is the sum of both tills’ own X to the penny', async () => {
  const tillX = 'Day so far (X report)';
  const shopX = 'Shop so far (shop X report)';
  const own: number[][] = [];
  for (const n of [1, 2] as const) {
    const { page } = till(n);
    await goToScreen(page, 'Till reports');
    await page.getByRole('group', { name: 'Reports for' }).getByRole('radio', { name: 'This till' }).check();
    await page.getByRole('button', { name: 'Day so far (X)' }).click();
    await page.getByRole('region', { name: tillX }).waitFor({ timeout: 20_000 });
    own.push(await headline(page, tillX));
  }
  const page = till(1).page;
  await page
    .getByRole('group', { name: 'Reports for' })
    .getByRole('radio', { name: 'The whole shop' })
    .check();
  await page.getByRole('button', { name: 'Shop so far (X)' }).click();
  await page.getByRole('region', { name: shopX }).waitFor({ timeout: 20_000 });
  const whole = await headline(page, shopX);
  // Till 1: 3.20 sold, 3.20 given back; till 2: 6.40 sold. The shop: their sum.
  assert.deepEqual(
    own.map((h) => h.map(Math.abs)),
    [
      [320, 320, 0],
      [640, 0, 640],
    ],
  );
  assert.deepEqual(
    whole,
    whole.map((_, i) => own[0]![i]! + own[1]![i]!),
  );
  assert.deepEqual(await screenProblems(page, 'Till reports › whole shop after a refund'), []);

  // The contract's answers, row by row: takings, tenders, refunds, net.
  const [one, two] = await Promise.all([
    call(till(1).host, 'tillReports.x', {}),
    call(till(2).host, 'tillReports.x', {}),
  ]);
  const shop = await call(till(1).host, 'shopReports.x', {});
  const count = one.sales.count + two.sales.count;
  assert.deepEqual(shop.report.sales, {
    count,
    amount: one.sales.amount + two.sales.amount,
    refunds: one.sales.refunds + two.sales.refunds,
    net: one.sales.net + two.sales.net,
  });
  assert.deepEqual([one, two].map(salesOf), [
    { count: 1, amount: 320, refunds: 320, net: 0 },
    { count: 1, amount: 640, refunds: 0, net: 640 },
  ]);
  assert.deepEqual(summed([shop.report.tenders]), summed([one.tenders, two.tenders]));
  assert.deepEqual(summed([shop.report.refunds]), summed([one.refunds, two.refunds]));
  assert.deepEqual(summed([shop.report.refunds]), { cash: { count: 1, amount: 320 } });
  assert.deepEqual(
    shop.tills.map((t) => [t.number, t.report.sales, summed([t.report.tenders]), summed([t.report.refunds])]),
    [one, two].map((r, i) => [i + 1, r.sales, summed([r.tenders]), summed([r.refunds])]),
  );
  assert.deepEqual(pageProblems(page), []);
});

test('a person a manager adds on till 2 signs in on till 1 with the same PIN', async () => {
  const two = till(2);
  await switchServing(two.counter, TEST_STAFF.cashier.name, TEST_STAFF.manager);
  await goToScreen(two.page, 'Back office');
  await two.page.getByRole('tab', { name: 'Staff' }).click();
  const form = two.page.getByRole('form', { name: 'Add a person' });
  await form.getByLabel('Name').fill(NEW_PERSON.name);
  await form.getByLabel('Role').selectOption({ label: 'Cashier: sells, takes cash and card, X reports' });
  await form.getByLabel('Their PIN (4 to 8 digits)').fill(NEW_PERSON.pin);
  await form.getByRole('button', { name: 'Add person' }).click();
  await two.page
    .getByRole('status')
    .filter({ hasText: `${NEW_PERSON.name} was added.` })
    .waitFor();

  // On till 1, the manager hands over: Robin is on the list and their PIN is theirs there too.
  await switchServing(till(1).counter, TEST_STAFF.manager.name, NEW_PERSON);
  const session = await call(till(1).host, 'staff.session', {});
  assert.deepEqual([session.signedIn?.name, session.signedIn?.role], [NEW_PERSON.name, 'cashier']);
  assert.deepEqual(pageProblems(till(1).page), []);
  assert.deepEqual(pageProblems(two.page), []);
});
