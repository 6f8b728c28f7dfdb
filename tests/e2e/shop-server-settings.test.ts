// The shop server set up in Settings, in Chromium, against a real PostgreSQL (tests/support/
// postgres.ts) whose shop and till were made by the area's own admin functions: wrong fields are
// refused next to them; a wrong password is refused in words by Test connection and by the top
// bar; the right one connects; a sale made while the server is stopped waits on the till ("offline,
// 1 sale waiting") and arrives on the server exactly once when it starts again ("up to date").
//
// The password goes to the real OS keychain under scripts/with-keyring.sh; elsewhere to the
// encrypted-file store with a test key, so the screen is exercised either way.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { EncryptedFileSecretStore } from '../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../support/encryption';
import { JumpClock } from '../support/jump-clock';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { prepareShop, serverRows, type TestShop } from '../support/shop-server';
import { setUpStaff } from '../support/staff';
import { addToBasket, call, newestSale } from './sell-support';
import { screenProblems } from './support/axe';
import { goToScreen, launchBrowser, openTill, pageProblems, screenshotPath } from './support/browser';
import { startTestHost, type TestHost } from './support/host';

const WRONG_PASSWORD = `wrong-${randomBytes(8).toString('hex')}`;

/** The till's clock: real time, jumped over the reconnect back-off instead of waiting it out. */
const clock = new JumpClock();
let postgres: TestPostgres;
let shop: TestShop;
let host: TestHost;
let dataDir: string;
let browser: Browser;
let page: Page;

before(async () => {
  postgres = await startTestPostgres();
  shop = await prepareShop(postgres, 1, 'Corner Café');
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-shop-server-e2e-'));
  host = await startTestHost({
    dataDir,
    pinScryptCost: 1024,
    clock,
    ...(process.env.PAYDESK_KEYRING !== '1' && {
      secretStores: [
        new EncryptedFileSecretStore({
          file: join(dataDir, 'secrets.enc.json'),
          encryption: aesBackend('test-aes-gcm'),
        }),
      ],
    }),
  });
  await setUpStaff((method, input) => call(host, method, input));
  // The real keychain is shared by every e2e file of a run: a password another file saved under the
  // same entry would answer for this till's "no password yet".
  await call(host, 'secrets.forget', { key: 'shopServer.password', profile: 'live' });
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
  await postgres?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const section = () => page.getByRole('region', { name: 'Shop server' });
const pill = () => page.getByTestId('status-shop-server');
const till = () => shop.tills[0]!;
const address = () => `postgres://127.0.0.1:${postgres.server.port}/${shop.database}`;

/** The text next to a field (its hint, or what is wrong with it). */
async function saidBeside(field: Locator): Promise<string> {
  const id = await field.getAttribute('aria-describedby');
  assert.ok(id, 'the field has words beside it');
  return page.locator(`[id="${id}"]`).innerText();
}

async function typePassword(password: string) {
  const entry = section().getByTestId('secret-shopServer.password');
  if (await entry.getByRole('button', { name: 'Replace Password' }).isVisible())
    await entry.getByRole('button', { name: 'Replace Password' }).click();
  await entry.getByLabel('Password (live)').fill(password);
  await entry.getByRole('button', { name: 'Save Password' }).click();
  await entry.getByText(/^Saved /).waitFor();
}

async function testConnection(): Promise<Locator> {
  await section().getByRole('button', { name: 'Test connection: shop server' }).click();
  const result = section().getByTestId('test-result-shop-server');
  await result.waitFor();
  return result;
}

test('without a shop server the top bar says nothing of one, and Settings offer it switched off', async () => {
  await goToScreen(page, 'Settings');
  await section().waitFor();
  assert.equal(
    await section().getByRole('switch', { name: 'Send this till’s sales to a shop server' }).isChecked(),
    false,
  );
  assert.equal(await pill().count(), 0);
  assert.equal(
    await section().getByRole('button', { name: 'Test connection: shop server' }).isDisabled(),
    true,
    'nothing to test while it is off',
  );
});

test('bad input is refused in words next to its field, and nothing is saved', async () => {
  const s = section();
  await s.getByRole('switch', { name: 'Send this till’s sales to a shop server' }).check();
  const addressField = s.getByLabel('Shop server address');
  await addressField.fill(
    `postgres://${till().login}:${till().password}@127.0.0.1:${postgres.server.port}/${shop.database}`,
  );
  assert.equal(
    await saidBeside(addressField),
    'The address must not contain a login or password: they have their own fields.',
  );
  assert.equal(await addressField.getAttribute('aria-invalid'), 'true');
  await s.getByLabel('This till’s number').fill('0');
  assert.equal(
    await saidBeside(s.getByLabel('This till’s number')),
    'A till number is a whole number from 1 to 999.',
  );
  await s.getByLabel('This till’s number').fill('');

  await s.getByRole('button', { name: 'Save Shop server' }).click();
  await s.getByRole('alert').getByText('Not saved: correct the fields marked above.').waitFor();
  assert.equal(await saidBeside(s.getByLabel('This till’s number')), 'Enter this till’s number.');
  assert.equal(await saidBeside(s.getByLabel('This till’s login')), 'Enter this till’s login.');
  const saved = host.till.settings.load().shopServer;
  assert.equal(saved.enabled, false, 'a refused change changes nothing');
  assert.equal(saved.address, null);
  // The password typed into the address never reached the page's settings or the file.
  assert.ok(!JSON.stringify(host.till.settings.load()).includes(till().password));
});

test('set up with a wrong password: Test connection and the top bar refuse it in words', async () => {
  const s = section();
  await s.getByLabel('Shop server address').fill(address());
  await s.getByLabel('This till’s number').fill(String(till().number));
  await s.getByLabel('This till’s name').fill('Front counter');
  await s.getByLabel('This till’s login').fill(till().login);
  await s.getByRole('button', { name: 'Save Shop server' }).click();
  await s.getByRole('status').getByText('Shop server settings saved.').waitFor();
  assert.deepEqual(host.till.settings.load().shopServer, {
    enabled: true,
    address: address(),
    tillNumber: till().number,
    tillName: 'Front counter',
    login: till().login,
    tls: 'prefer',
  });
  // Saved without a password yet: the till says what is missing.
  assert.equal(
    (await testConnection().then((r) => r.innerText())).trim(),
    'The shop server needs this till’s password: a manager enters it under Settings → Shop server.',
  );

  await typePassword(WRONG_PASSWORD);
  const refused = await testConnection();
  assert.equal(await refused.getAttribute('role'), 'alert');
  await refused
    .getByText(
      'The shop server refused this till’s login: a manager checks the login and password under Settings → Shop server.',
    )
    .waitFor();
  await pill().getByText('Shop server: not connected').waitFor();
  assert.match((await pill().getAttribute('title')) ?? '', /refused this till’s login/);
  assert.ok(!(await page.content()).includes(WRONG_PASSWORD), 'the password is never in the page');
  // From any screen, the refused pill takes the manager to where it is mended.
  await goToScreen(page, 'Sell');
  await pill().click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await section().waitFor();
});

test('the right password connects: Test connection says so, and the top bar says up to date', async () => {
  await typePassword(till().password);
  const result = await testConnection();
  await result.getByText('Connected to the shop server as till 1 of Corner Café.').waitFor();
  assert.equal(await result.getAttribute('role'), 'status');
  await pill().getByText('Shop server: up to date').waitFor();
  assert.ok(!(await page.content()).includes(till().password), 'the password is never in the page');
  // The section, filled in, and the pill pass axe and show no internals.
  assert.deepEqual(await screenProblems(page, 'Settings › Shop server'), []);
  await section().screenshot({ path: screenshotPath('settings-shop-server') });
});

test('a sale made while the shop server is stopped waits on the till, then arrives once', async () => {
  await postgres.server.stop();
  await pill().getByText('Shop server: offline').waitFor({ timeout: 15_000 });
  assert.match((await pill().getAttribute('title')) ?? '', /cannot be reached/);

  await goToScreen(page, 'Sell');
  const { products } = await call(host, 'catalogue.get', {});
  await addToBasket(page, products.filter((p) => p.price > 0).slice(0, 1));
  await page.getByRole('button', { name: /^Pay / }).click();
  const tender = page.getByRole('region', { name: 'Take payment' });
  await tender.getByRole('tab', { name: 'Cash', exact: true }).click();
  await tender.getByRole('button', { name: /^Exact / }).click();
  await tender.getByRole('button', { name: /^Take .* cash$/ }).click();
  await page.getByRole('region', { name: 'Sale complete' }).waitFor();
  const sale = await newestSale(host);
  assert.equal(sale.state, 'completed');
  assert.match(sale.receiptNumber, /^1-/, 'the receipt carries the till number');
  await pill().getByText('Shop server: offline, 1 sale waiting').waitFor();
  assert.deepEqual(await screenProblems(page, 'Sell › shop server offline'), []);

  await postgres.server.start();
  // The till tries again on its back-off (up to a minute): jump over it rather than wait.
  for (let i = 0; i < 20 && !(await pill().innerText()).includes('up to date'); i++) {
    await clock.jump(60_000);
    await page.waitForTimeout(250);
  }
  await pill().getByText('Shop server: up to date').waitFor();
  const rows = await serverRows(postgres, shop, till().number, 'sale');
  assert.deepEqual(
    rows.map((r) => r.local_id),
    [sale.saleId],
    'the sale is on the shop server exactly once',
  );
  assert.equal(rows[0]!.body.state, 'completed');
  assert.deepEqual(pageProblems(page), []);
});
