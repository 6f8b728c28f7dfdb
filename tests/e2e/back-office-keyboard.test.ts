// The back office by keyboard alone, in Chromium against the real services: every step below is
// a key press (page.keyboard), never a click. A manager opens the back office from the main
// navigation, moves between its tabs with the arrow keys, adds a product with price, VAT rate,
// category and barcode, leaves a change with Escape and makes another, moves a category up, adds
// a VAT rate, imports a CSV file (preview, Escape, then import), and adds a person to the staff.
// Focus is where the work goes on after each step, and it is always visible.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { pageProblems, screenshotPath } from './support/browser';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { call } from './sell-support';
import { TEST_STAFF } from '../support/staff';

const PRODUCT = 'Rooibos by keyboard';
const BARCODE = '4006381333931';

let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;

before(async () => {
  ({ host, page, close } = await openStaffedTill());
  await page.getByRole('button', { name: `Serving: ${TEST_STAFF.manager.name}. Switch cashier` }).waitFor();
});

after(() => close?.());

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never gets it. */
async function tabTo(target: Locator, { back = false, most = 150 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < most; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`${String(target)} never took the focus in ${most} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** The focus is on `target`, and drawn so a person sees it. */
async function assertFocusOn(target: Locator, what: string): Promise<void> {
  await target.waitFor();
  // Focus may move a moment after the key (a re-render): give it that moment.
  for (let tries = 0; tries < 50 && !(await isFocused(target)); tries++) await page.waitForTimeout(20);
  assert.ok(await isFocused(target), `focus is on ${what}`);
  const outline = await target.evaluate((el) => getComputedStyle(el).outlineStyle);
  assert.notEqual(outline, 'none', `the focus on ${what} is visible`);
}

const tabs = () => page.getByRole('tablist', { name: 'Back office' });
const tab = (name: string) => tabs().getByRole('tab', { name });
const panel = () => page.getByRole('tabpanel');

/** From anywhere in the back office: back to the chosen tab, then the arrow keys to `name`. */
async function openTab(name: string): Promise<void> {
  await tabTo(tabs().locator('[aria-selected="true"]'), { back: true });
  for (let presses = 0; presses < 6 && (await tab(name).getAttribute('aria-selected')) !== 'true'; presses++)
    await page.keyboard.press('ArrowRight');
  await assertFocusOn(tab(name), `the ${name} tab`);
  assert.equal(await panel().getAttribute('aria-labelledby'), await tab(name).getAttribute('id'));
}

test('the main navigation opens the back office; the arrow keys, Home and End move between its tabs', async () => {
  await tabTo(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Back office' }));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Back office' }).waitFor();
  await tabTo(tab('Products'));
  await assertFocusOn(tab('Products'), 'the Products tab');
  await page.keyboard.press('ArrowRight');
  await assertFocusOn(tab('Categories'), 'the Categories tab');
  await panel().getByRole('button', { name: 'Save categories' }).waitFor();
  await page.keyboard.press('End');
  await assertFocusOn(tab('Staff'), 'the Staff tab');
  await page.keyboard.press('ArrowRight');
  await assertFocusOn(tab('Products'), 'the Products tab, round the end');
  await page.keyboard.press('ArrowLeft');
  await assertFocusOn(tab('Staff'), 'the Staff tab, round the start');
  await page.keyboard.press('Home');
  await assertFocusOn(tab('Products'), 'the Products tab');
  // Only the chosen tab is on the Tab key's way: the next Tab goes into the panel.
  await page.keyboard.press('Tab');
  assert.equal(await tabs().evaluate((list) => list.contains(document.activeElement)), false);
});

test('a product with price, VAT rate, category and barcode is added by keyboard; focus returns to Add product', async () => {
  const add = panel().getByRole('button', { name: 'Add product' });
  await tabTo(add);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New product' });
  await assertFocusOn(form.getByLabel('Name'), 'the name');
  await page.keyboard.type(PRODUCT);
  await page.keyboard.press('Tab');
  await assertFocusOn(form.getByLabel('Price (with VAT)'), 'the price');
  await page.keyboard.type('3.10');
  await page.keyboard.press('Tab');
  await assertFocusOn(form.getByLabel('VAT rate'), 'the VAT rate');
  // Typing on a list picks the choice that starts so: "5% (Reduced)".
  await page.keyboard.type('5');
  await page.keyboard.press('Tab');
  await assertFocusOn(form.getByLabel('Category'), 'the category');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Tea');
  await tabTo(form.getByLabel(/Barcodes/));
  await page.keyboard.type(BARCODE);
  await page.keyboard.press('Enter');
  await form.waitFor({ state: 'detached' });
  await assertFocusOn(add, 'Add product, where the work began');
  const added = (await call(host, 'catalogue.admin', {})).products.find((p) => p.name === PRODUCT);
  assert.ok(added, 'the product is in the catalogue');
  assert.deepEqual(
    [added.price, added.vatRate, added.category, added.barcodes],
    [310, 500, 'Tea', [BARCODE]],
  );
});

test('Escape leaves a change unsaved and gives the focus back to its Change button; Enter saves the next', async () => {
  const change = panel().getByRole('button', { name: `Change ${PRODUCT}` });
  await tabTo(change);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: `Change ${PRODUCT}` });
  await assertFocusOn(form.getByLabel('Name'), 'the name');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9.99');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  await assertFocusOn(change, `Change ${PRODUCT}`);
  const price = async () =>
    (await call(host, 'catalogue.admin', {})).products.find((p) => p.name === PRODUCT)?.price;
  assert.equal(await price(), 310, 'Escape saved nothing');

  await page.keyboard.press('Enter');
  await assertFocusOn(form.getByLabel('Name'), 'the name');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3.20');
  await page.keyboard.press('Enter');
  await form.waitFor({ state: 'detached' });
  await assertFocusOn(change, `Change ${PRODUCT}`);
  assert.equal(await price(), 320);
});

test('a category moves up by keyboard, the focus staying with it, and the order is saved', async () => {
  await openTab('Categories');
  const before = (await call(host, 'catalogue.admin', {})).categories.map((c) => c.name);
  const last = before.at(-1)!;
  const up = panel().getByRole('button', { name: `Move ${last} up` });
  await tabTo(up);
  await page.keyboard.press('Enter');
  await assertFocusOn(up, `Move ${last} up, after the move`);
  await page.keyboard.press('Enter');
  await assertFocusOn(up, `Move ${last} up, after the second move`);
  await tabTo(panel().getByRole('button', { name: 'Save categories' }));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Categories saved.' }).waitFor();
  const after = (await call(host, 'catalogue.admin', {})).categories.map((c) => c.name);
  const expected = before.filter((c) => c !== last);
  expected.splice(before.length - 3, 0, last);
  assert.deepEqual(after, expected);
});

test('a VAT rate is added by keyboard: the new rate’s field takes the focus', async () => {
  await openTab('VAT rates');
  const count = (await call(host, 'catalogue.admin', {})).vatRates.length;
  await tabTo(panel().getByRole('button', { name: 'Add a rate' }));
  await page.keyboard.press('Enter');
  await assertFocusOn(panel().getByLabel(`Rate ${count + 1} in percent`), 'the new rate');
  await page.keyboard.type('12.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Special');
  await tabTo(panel().getByRole('button', { name: 'Save VAT rates' }));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'VAT rates saved.' }).waitFor();
  const rates = (await call(host, 'catalogue.admin', {})).vatRates;
  assert.deepEqual(rates.at(-1), { basisPoints: 1250, label: 'Special' });
});

test('a CSV file is previewed and imported by keyboard; Escape closes a preview; focus returns to the file field', async () => {
  await openTab('Import / Export');
  const file = panel().getByLabel('Choose a CSV file');
  const csv = [
    'sku,name,price,vat_rate,category,barcodes',
    'KB-1,Keyboard biscuit,1.20,20,Bakery,',
    'KB-2,,1.30,20,Bakery,', // no name: a bad row
  ].join('\n');
  // Playwright takes over the browser's file chooser only while something listens for it, and
  // turns that on again asynchronously: between two choices the second Space could come first,
  // and its chooser would be dismissed unseen. One listener for the whole test keeps it on.
  const keepChooserTakenOver = () => undefined;
  page.on('filechooser', keepChooserTakenOver);
  /** The keyboard opens the file chooser; the file is picked there, as a person would. */
  const choose = async () => {
    await tabTo(file);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'keyboard.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  };
  const preview = page.getByRole('group', { name: 'Import preview' });
  await choose();
  await assertFocusOn(preview.getByRole('heading', { level: 3 }), 'the preview');
  await page.keyboard.press('Escape');
  await preview.waitFor({ state: 'detached' });
  await assertFocusOn(file, 'the file field');

  await choose();
  await assertFocusOn(preview.getByRole('heading', { level: 3 }), 'the preview');
  await tabTo(preview.getByRole('checkbox', { name: /Import only the good rows/ }));
  await page.keyboard.press('Space');
  await tabTo(preview.getByRole('button', { name: 'Import now' }));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Imported: 1 new, 0 changed, 1 left out.' }).waitFor();
  await assertFocusOn(file, 'the file field');
  const imported = (await call(host, 'catalogue.admin', {})).products.find((p) => p.sku === 'KB-1');
  assert.deepEqual([imported?.name, imported?.price], ['Keyboard biscuit', 120]);
  page.off('filechooser', keepChooserTakenOver);
});

test('a person is added to the staff by keyboard', async () => {
  await openTab('Staff');
  const form = panel().getByRole('form', { name: 'Add a person' });
  await tabTo(form.getByLabel('Name'));
  await page.keyboard.type('Kai');
  await page.keyboard.press('Tab');
  await assertFocusOn(form.getByLabel('Role'), 'the role');
  await page.keyboard.type('s'); // Supervisor
  await page.keyboard.press('Tab');
  await page.keyboard.type('86420');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Kai was added.' }).waitFor();
  const kai = (await call(host, 'staff.list', {})).find((p) => p.name === 'Kai');
  assert.equal(kai?.role, 'supervisor');
  await page.screenshot({ path: screenshotPath('back-office-keyboard'), fullPage: true });
  assert.deepEqual(pageProblems(page), []);
});
