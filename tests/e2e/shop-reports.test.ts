// The shop's reports in Chromium, with a real PostgreSQL and two tills: till 2 (in process) sells,
// its journal goes up through the outbox; on till 1 (the browser host) the Till reports screen
// offers "The whole shop" once its shop server is on, shows the shop's X with each till's part
// (till 2's sale in it), and passes axe with nothing internal on screen. A till without a shop
// server never shows the choice (tests/e2e/accessibility.test.ts walks it so).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { EncryptedFileSecretStore } from '../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../support/encryption';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { prepareShop, tillSettings, type TestShop } from '../support/shop-server';
import { SHOP_TIME_ZONE, startShopTill, upToDate } from '../support/shop-tills';
import { setUpStaff } from '../support/staff';
import type { StaffedTill } from '../support/staffed-till';
import { paidSale } from '../unit/history/support';
import { screenProblems } from './support/axe';
import { goToScreen, launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';
import { call } from './sell-support';

let server: TestPostgres;
let shop: TestShop;
let tillTwo: StaffedTill & { close(): Promise<void> };
let host: TestHost;
let browser: Browser;
let page: Page;
let dataDir: string;

before(async () => {
  server = await startTestPostgres();
  shop = await prepareShop(server, 2);
  tillTwo = await startShopTill(server, shop, 2);
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-shop-e2e-'));
  const secrets = new EncryptedFileSecretStore({
    file: join(dataDir, 'secrets.bin'),
    encryption: aesBackend(),
  });
  await secrets.set('shopServer.password', 'live', shop.tills[0]!.password);
  host = await startTestHost({ pinScryptCost: 1024, dataDir, secretStores: [secrets] });
  await setUpStaff((method, input) => call(host, method, input), { signIn: 'manager' });
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url, { viewport: { width: 1024, height: 768 } });
});

after(async () => {
  await browser?.close();
  await host?.close();
  await tillTwo?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the whole shop’s X on till 1 shows till 2’s sale by till, and passes axe', async () => {
  await goToScreen(page, 'Till reports');
  const scope = page.getByRole('group', { name: 'Reports for' });
  assert.equal(await scope.count(), 0, 'no shop choice without a shop server');

  host.till.settings.update({
    shop: { ...host.till.settings.load().shop, timeZone: SHOP_TIME_ZONE },
    shopServer: tillSettings(server, shop, shop.tills[0]!),
  });
  const sale = await paidSale(
    tillTwo.t,
    [{ productId: tillTwo.products.find((p) => p.price > 0)!.id, quantity: 3 }],
    'none',
  );
  await upToDate(tillTwo);

  await scope.getByRole('radio', { name: 'The whole shop' }).check({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Shop so far (X)' }).click();
  const report = page.getByRole('region', { name: 'Shop so far (shop X report)' });
  await report.waitFor({ timeout: 20_000 });
  const byTill = report.getByRole('region', { name: 'By till' });
  const rowTwo = byTill.getByRole('row', { name: /^Till 2 Till 2/ });
  await rowTwo.waitFor();
  // Its sold amount, whatever the money's sign: "4.50" as 4[.,]50.
  const amount = new RegExp(`\\b${(sale.total / 100).toFixed(2).replace('.', '[.,]')}\\b`);
  assert.match(await rowTwo.innerText(), amount);
  assert.match(await byTill.getByRole('row', { name: /^Till 1 Till 1/ }).innerText(), /\b0[.,]00\b/);
  const problems = await screenProblems(page, 'Till reports › whole shop');
  assert.deepEqual(problems, []);
  assert.deepEqual(pageProblems(page), []);

  // Back to this till: its own X, without till 2's sale.
  await scope.getByRole('radio', { name: 'This till' }).check();
  await page.getByRole('button', { name: 'Day so far (X)' }).click();
  await page.getByRole('region', { name: 'Day so far (X report)' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'By till' }).count(), 0);
});
