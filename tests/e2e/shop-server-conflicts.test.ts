// The back office's Conflicts tab in Chromium (docs/shop-server.md, "Shop-wide data"): on a till
// with a shop server set (away here: the till works on), a product changed on this till and on the
// shop server since its version shows both prices; the page passes axe with no violations and
// shows no internals; the manager keeps the shop server's by keyboard alone
// and the till's catalogue takes it. (How a conflict arises against a real PostgreSQL is proven in
// tests/fault/shop-server-shop-data.test.ts; here the till's own record holds one from the start.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { shopDataAreas } from '../../electron/services/app/shop-data-areas';
import { AuditJournal } from '../../electron/services/audit/journal';
import { ProductCatalogue } from '../../electron/services/catalogue/store';
import { ShopDataQueue } from '../../electron/services/shop-server/shop-data-queue';
import { StaffStore } from '../../electron/services/staff/store';
import { DATABASE_FILE } from '../../electron/services/storage/database';
import { JsonFileSettingsStore } from '../../electron/services/storage/settings';
import { openTillSide } from '../support/shop-server';
import { setUpStaff } from '../support/staff';
import { screenProblems } from './support/axe';
import { goToScreen, launchBrowser, openTill } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { call } from './sell-support';

let dataDir: string;
let host: TestHost;
let browser: Browser;
let page: Page;

const latte = {
  sku: 'LATTE-X',
  name: 'Oat latte',
  category: 'Drinks',
  vatRate: 2000,
  colour: null,
  barcodes: [],
  active: true,
};

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-conflicts-'));
  // The till's record: joined to a server, its own oat latte at £3.50, the server's at £3.20.
  const side = openTillSide(join(dataDir, DATABASE_FILE));
  const catalogue = new ProductCatalogue(side.db, 'GBP');
  catalogue.write([{ ...latte, price: 350 }]);
  const areas = shopDataAreas({
    db: side.db,
    catalogue,
    staff: new StaffStore(side.db, { now: () => Date.now() }),
    catalogueChanged: () => undefined,
    staffChanged: () => undefined,
    clock: { now: () => Date.now() },
    suppliesChanged: () => undefined,
    // The file the till started on this data folder reads.
    settings: new JsonFileSettingsStore({ file: join(dataDir, 'settings.json') }),
    audit: new AuditJournal(side.db, { now: () => Date.now() }),
  });
  const queue = new ShopDataQueue(side.db, areas, () => Date.now());
  const address = 'postgres://127.0.0.1:9/paydesk';
  queue.useServer(`${address}|till_2`);
  queue.markJoined();
  queue.recordLocalEdits();
  const edit = queue.queued('product')[0]!;
  queue.conflicted(edit, 3, { ...latte, price: 320 });
  side.close();
  const settings = new JsonFileSettingsStore({ file: join(dataDir, 'settings.json') });
  settings.update({
    shopServer: { enabled: true, address, tillNumber: 2, tillName: 'Bar', login: 'till_2', tls: 'prefer' },
  });

  host = await startTestHost({ pinScryptCost: 1024, dataDir, settingsStore: settings });
  await setUpStaff((method, input) => call(host, method, input), { signIn: 'manager' });
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the Conflicts tab shows both versions, passes axe, and is settled by keyboard', async () => {
  await goToScreen(page, 'Back office');
  await page.getByRole('tab', { name: 'Conflicts' }).click();
  const card = page.getByRole('listitem', { name: 'Product: Oat latte' });
  const price = card.getByRole('row', { name: /Price/ });
  assert.match((await price.innerText()).replace(/\s+/g, ' '), /£3\.50 £3\.20/);
  assert.deepEqual(await screenProblems(page, 'Back office, Conflicts'), []);

  const keep = card.getByRole('button', { name: 'Keep the shop server’s' });
  await keep.focus();
  await page.keyboard.press('Enter');
  await page.getByText('Nothing to choose: every change made here is on the shop server.').waitFor();
  const { products } = await call(host, 'catalogue.get', {});
  assert.equal(products.find((p) => p.sku === 'LATTE-X')?.price, 320);
  assert.deepEqual(await screenProblems(page, 'Back office, Conflicts (none left)'), []);
  const { entries } = await call(host, 'audit.list', { limit: 20 });
  assert.ok(entries.some((e) => e.action === 'conflict-kept-server' && e.subject === 'Oat latte'));
});
