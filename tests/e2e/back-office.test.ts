// The back office and staff in Chromium against the real services: a manager adds a product with
// a barcode and a 5 % VAT rate; a cashier signs in with their PIN (two taps and the PIN), scans
// that barcode on the Sell screen (a barcode wedge: keys typed fast, then Enter) and sells it for
// cash; the receipt preview shows the VAT summary and the cashier's name; the cashier cannot open
// the back office or refund until a manager gives their PIN at the counter.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { goToScreen, pageProblems, scanBarcode, screenshotPath } from './support/browser';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { call, newestSale } from './sell-support';
import { TEST_STAFF } from '../support/staff';

const BARCODE = '5012345678900';
const PRODUCT = 'Oat flat white';

let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;

before(async () => {
  // The shop's people; the manager is serving when the till opens.
  ({ host, page, close } = await openStaffedTill());
});

after(() => close?.());

test('a manager adds a product with a barcode and a 5 % VAT rate in the back office', async () => {
  await page.getByRole('button', { name: `Serving: ${TEST_STAFF.manager.name}. Switch cashier` }).waitFor();
  await goToScreen(page, 'Back office');
  await page.getByRole('button', { name: 'Add product' }).click();
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name').fill(PRODUCT);
  await form.getByLabel('Price (with VAT)').fill('3.10');
  await form.getByLabel('VAT rate').selectOption({ label: '5% (Reduced)' });
  await form.getByLabel('Category').fill('Coffee');
  await form.getByLabel(/Barcodes/).fill(BARCODE);
  await form.getByRole('button', { name: 'Save product' }).click();
  await form.waitFor({ state: 'detached' });
  const { products } = await call(host, 'catalogue.get', {});
  const added = products.find((p) => p.name === PRODUCT);
  assert.ok(added, 'the product is in the catalogue');
  assert.equal(added.price, 310);
  assert.equal(added.vatRate, 500);
});

test('a cashier signs in with two taps and their PIN', async () => {
  await page.getByRole('button', { name: `Serving: ${TEST_STAFF.manager.name}. Switch cashier` }).click();
  const dialog = page.getByRole('dialog', { name: 'Who is serving?' });
  await dialog.getByRole('button', { name: new RegExp(`^${TEST_STAFF.cashier.name}`) }).click();
  await dialog.getByLabel(`${TEST_STAFF.cashier.name}’s PIN`).fill('9999');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Wrong PIN' }).waitFor();
  await dialog.getByLabel(`${TEST_STAFF.cashier.name}’s PIN`).fill(TEST_STAFF.cashier.pin);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Serving: ${TEST_STAFF.cashier.name}. Switch cashier` }).waitFor();
  assert.equal((await call(host, 'staff.session', {})).signedIn?.name, TEST_STAFF.cashier.name);
});

test('the cashier scans the barcode and sells it; the receipt shows the VAT summary and their name', async () => {
  await goToScreen(page, 'Sell');
  await scanBarcode(page, BARCODE);
  await page.getByRole('button', { name: `Remove ${PRODUCT} from the basket` }).waitFor();
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.getByRole('tab', { name: 'Cash', exact: true }).click();
  await tender.getByRole('button', { name: '£20' }).click();
  await tender.getByRole('button', { name: 'Take £20.00 cash' }).click();
  const done = page.getByRole('region', { name: 'Sale complete' });
  await done.waitFor();

  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.equal(sale.total, 310);
  assert.equal(sale.lines[0]!.vatRate, 500);
  assert.equal(sale.servedBy?.name, TEST_STAFF.cashier.name);
  assert.equal(sale.tenders[0]!.by?.name, TEST_STAFF.cashier.name);
  await done.getByRole('button', { name: 'New sale' }).click();

  await goToScreen(page, 'Printer');
  const receipt = page.getByRole('complementary', { name: 'Receipt preview' }).getByTestId('receipt-preview');
  await receipt.filter({ hasText: `Served by ${TEST_STAFF.cashier.name}` }).waitFor();
  const paper = await receipt.innerText();
  assert.match(paper, /VAT summary/);
  // £3.10 at 5 %: VAT = 310 × 5 / 105 = 14.76…, rounded to 15p.
  assert.match(paper, /VAT 5%[\s\S]*0\.15/);
  await page.screenshot({ path: screenshotPath('back-office-receipt'), fullPage: true });
});

test('the cashier cannot open the back office until a manager gives their PIN at the counter', async () => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Back office', exact: true })
    .click();
  const approval = page.getByRole('form', { name: 'Approval by a manager' });
  await approval.waitFor();
  assert.equal(
    await page.getByRole('button', { name: 'Add product' }).count(),
    0,
    'nothing of the back office shows',
  );
  assert.equal(
    await approval.getByRole('button', { name: new RegExp(TEST_STAFF.supervisor.name) }).count(),
    0,
    'a supervisor is not offered as an approver for the back office',
  );
  // The only manager needs no tap: their PIN field is there at once.
  await approval.getByLabel(`${TEST_STAFF.manager.name}’s PIN`).fill(TEST_STAFF.supervisor.pin);
  await approval.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('alert').filter({ hasText: 'Wrong PIN' }).waitFor();
  assert.equal(
    await page.getByRole('button', { name: 'Add product' }).count(),
    0,
    'a supervisor’s PIN is not enough',
  );
  await approval.getByLabel(`${TEST_STAFF.manager.name}’s PIN`).fill(TEST_STAFF.manager.pin);
  await approval.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('button', { name: 'Add product' }).waitFor();
  assert.equal(
    (await call(host, 'staff.session', {})).signedIn?.name,
    TEST_STAFF.cashier.name,
    'not a sign-in switch',
  );
  await call(host, 'manager.lock', {});
});

test('the cashier cannot refund until a manager gives their PIN at the counter, for that refund only', async () => {
  await goToScreen(page, 'Sell');
  await page.getByRole('button', { name: 'Refunds', exact: true }).click();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await refunds.getByRole('textbox', { name: 'Standalone refund amount' }).fill('1.00');
  await refunds.getByRole('button', { name: 'Refund £1.00' }).click();
  const approval = refunds.getByRole('form', { name: 'Approval by a supervisor or manager' });
  await approval.waitFor();
  await refunds.getByRole('alert').filter({ hasText: 'needs a supervisor or manager' }).waitFor();
  const before = (await call(host, 'payments.recent', { limit: 50 })).filter((p) => p.type === 'REFUND');
  assert.equal(before.length, 0, 'nothing was refunded');

  await approval.getByRole('button', { name: new RegExp(TEST_STAFF.manager.name) }).click();
  await approval.getByLabel(`${TEST_STAFF.manager.name}’s PIN`).fill(TEST_STAFF.manager.pin);
  await approval.getByRole('button', { name: 'Approve' }).click();
  const refund = page.getByRole('region', { name: 'Card refund' });
  await refund.getByRole('status').filter({ hasText: 'Refunded' }).waitFor();
  const [payment] = await call(host, 'payments.recent', { limit: 1 });
  assert.equal(payment!.type, 'REFUND');
  assert.equal(payment!.amount, 100);
  assert.equal(payment!.staff?.name, TEST_STAFF.cashier.name);
  assert.equal(payment!.staff?.approvedBy?.name, TEST_STAFF.manager.name);
  const again = await host.till.dispatch('payments.refund', { terminalId: payment!.terminalId, amount: 100 });
  assert.equal(!again.ok && again.error.code, 'not_allowed', 'the approval was for one refund');
  assert.deepEqual(pageProblems(page), []);
});
