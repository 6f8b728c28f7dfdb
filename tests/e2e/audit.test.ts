// The audit trail in Chromium against the real services: a manager changes a price in the back
// office, a cashier's role and the discount limit in Settings, then opens Audit: each change is
// there with who made it and before → after in words; filtering by person and area narrows it to
// one; Export CSV saves a file with those entries (and the export itself goes on the trail).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { goToScreen, pageProblems, screenshotPath } from './support/browser';
import { screenProblems } from './support/axe';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { call } from './sell-support';
import { TEST_STAFF } from '../support/staff';

let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;

before(async () => {
  ({ host, page, close } = await openStaffedTill());
});

after(() => close?.());

const rows = () => page.getByRole('table', { name: 'Audit trail' }).getByTestId('audit-row');
const rowTexts = async () => (await rows().allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());

test('a manager changes a price in the back office', async () => {
  await goToScreen(page, 'Back office');
  await page.getByRole('button', { name: 'Change Latte', exact: true }).click();
  const form = page.getByRole('form', { name: 'Change Latte' });
  await form.getByLabel('Price (with VAT)').fill('3.60');
  await form.getByRole('button', { name: 'Save product' }).click();
  await form.waitFor({ state: 'detached' });
  const { products } = await call(host, 'catalogue.get', {});
  assert.equal(products.find((p) => p.name === 'Latte')?.price, 360);
});

test('the manager makes the cashier a supervisor', async () => {
  await page.getByRole('tab', { name: 'Staff' }).click();
  await page.getByLabel(`Role of ${TEST_STAFF.cashier.name}`).selectOption('supervisor');
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const people = await call(host, 'staff.list', {});
  assert.equal(people.find((p) => p.name === TEST_STAFF.cashier.name)?.role, 'supervisor');
});

test('the manager raises the discount limit in Settings', async () => {
  await goToScreen(page, 'Settings');
  const counter = page.getByRole('region', { name: 'Counter' });
  await counter.getByLabel('Largest discount without approval (%)').fill('15');
  await counter.getByRole('button', { name: 'Save Counter' }).click();
  await counter.getByText('Counter settings saved.').waitFor();
  const { settings } = await call(host, 'settings.get', {});
  assert.equal(settings.counter.discountLimitBasisPoints, 1500);
});

test('Audit shows each change with who made it and before → after, newest first', async () => {
  await goToScreen(page, 'Audit');
  await rows().first().waitFor();
  const texts = await rowTexts();
  const manager = TEST_STAFF.manager.name;
  const expected = [
    `${manager} Discount limits Settings changed Discount limit without approval: 10% → 15%`,
    `${manager} Rights Role changed ${TEST_STAFF.cashier.name}: Cashier → Supervisor`,
    `${manager} Prices Price changed Price of Latte: £3.45 → £3.60`,
  ];
  // Each row starts with when; the newest three are these changes, in this order.
  assert.deepEqual(
    texts.slice(0, 3).map((text) => text.slice(text.indexOf(manager))),
    expected,
  );
  // The till's own entry for the demo products, with nobody behind it.
  assert.ok(texts.some((text) => /The till Products Products added \d+ products added/.test(text)));
  assert.deepEqual(await screenProblems(page, 'Audit'), []);
  await page.screenshot({ path: screenshotPath('audit'), fullPage: true });
});

test('filtering by person and area narrows the trail to the one change', async () => {
  const filters = page.getByRole('form', { name: 'Filter the audit trail' });
  await filters.getByLabel('Person').selectOption({ label: TEST_STAFF.manager.name });
  await filters.getByLabel('Area').selectOption({ label: 'Prices' });
  await filters.getByRole('button', { name: 'Show' }).click();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="audit-row"]').length === 1,
    undefined,
    { timeout: 10_000 },
  );
  assert.match((await rowTexts())[0]!, /Price of Latte: £3\.45 → £3\.60$/);
  await filters.getByLabel('Area').selectOption({ label: 'Rights' });
  await filters.getByRole('button', { name: 'Show' }).click();
  await rows().filter({ hasText: 'Cashier → Supervisor' }).waitFor();
  assert.equal(await rows().count(), 1);
  // Casey made no change: filtered to them, the trail says so.
  await filters.getByLabel('Area').selectOption({ label: 'All areas' });
  await filters.getByLabel('Person').selectOption({ label: TEST_STAFF.cashier.name });
  await filters.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('status').filter({ hasText: 'No changes match these filters.' }).waitFor();
  assert.deepEqual(await screenProblems(page, 'Audit › filtered'), []);
});

test('Export CSV saves the filtered entries, and the export is on the trail', async () => {
  const filters = page.getByRole('form', { name: 'Filter the audit trail' });
  await filters.getByLabel('Person').selectOption({ label: TEST_STAFF.manager.name });
  await filters.getByLabel('Area').selectOption({ label: 'Prices' });
  await filters.getByRole('button', { name: 'Show' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-row"]').length === 1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    filters.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  const records = parse(text, { columns: true }) as Record<string, string>[];
  assert.deepEqual(
    records.map((r) => [r.by, r.area, r.action, r.subject, r.before, r.after]),
    [[TEST_STAFF.manager.name, 'prices', 'price-changed', 'Latte', '{"price":345}', '{"price":360}']],
  );
  await page.getByRole('status').filter({ hasText: 'Exported 1 entry.' }).waitFor();
  const trail = await call(host, 'audit.list', { area: 'audit', limit: 10 });
  assert.deepEqual(
    trail.entries.map((e) => [e.by?.name, e.action, e.after]),
    [[TEST_STAFF.manager.name, 'exported', { entries: 1, person: TEST_STAFF.manager.name, area: 'prices' }]],
  );
  assert.deepEqual(pageProblems(page), []);
});
