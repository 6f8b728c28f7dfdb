// Settings in Chromium when things are not right: a damaged settings file (kept aside, shown at
// the top), no usable keychain (secret fields disabled, saying why), and changes the services
// refuse (shown in their words, nothing changed); plus the shop's VAT rate typed in percent and
// kept as basis points, and the start-up switches.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestHost, type TestHost } from './support/host';
import { launchBrowser, openTill, pageProblems, screenshotPath } from './support/browser';

let host: TestHost;
let dataDir: string;
let browser: Browser;
let page: Page;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-settings-checks-'));
  writeFileSync(join(dataDir, 'settings.json'), '{ "schemaVersion": 1, "payAtCounter": { "mode": ');
  // No secret store at all: the till must say passwords can't be saved, not pretend.
  host = await startTestHost({ dataDir, pinScryptCost: 1024, secretStores: [] });
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
});

after(async () => {
  await browser?.close();
  await host?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const section = (name: string) => page.getByRole('region', { name });

test('a damaged settings file is reported at the top, with where the copy was kept', async () => {
  const problems = page.getByRole('alert', { name: 'Settings problems' });
  await problems.waitFor();
  const keptAside = readdirSync(dataDir).find((f) => f.startsWith('settings.corrupt-'));
  assert.ok(keptAside, 'the damaged file was kept aside');
  const shown = await problems.innerText();
  assert.match(shown, /damaged/);
  assert.ok(shown.includes(join(dataDir, keptAside!)), 'the full path of the copy is shown');
  await page.getByRole('region', { name: 'Set a manager PIN' }).waitFor();
});

test('without a keychain the secret fields are disabled and say why', async () => {
  const notice = page.getByRole('alert', { name: 'Keychain unavailable' });
  await notice.getByText('Passwords can’t be saved on this computer.').waitFor();
  assert.match(await notice.innerText(), /no secure storage is set up/i);
  for (const label of ['Username (live)', 'Password (live)']) {
    assert.equal(await section('Card payments').getByLabel(label).isDisabled(), true, `${label} is disabled`);
  }
  assert.equal(await section('Supplies').getByLabel('API key (live)').isDisabled(), true);
  await page.screenshot({ path: screenshotPath('settings-problems') });
});

test('the VAT rate is typed in percent and kept as whole basis points', async () => {
  const shop = section('Shop details');
  await shop.getByLabel('Shop name').fill('Corner Café');
  await shop.getByLabel('Address').fill('1 High Street\nLittle Town\n');
  await shop.getByLabel('VAT rate (%)').fill('17,5 percent');
  await shop.getByRole('button', { name: 'Save Shop details' }).click();
  await shop.getByRole('alert').getByText('The VAT rate is a percentage such as 20 or 17.5.').waitFor();
  assert.equal(host.till.settings.load().shop.name, 'My Shop', 'nothing is saved while a field is wrong');

  await shop.getByLabel('VAT rate (%)').fill('17.5');
  await shop.getByRole('button', { name: 'Save Shop details' }).click();
  await shop.getByRole('status').getByText('Saved.').waitFor();
  const saved = host.till.settings.load().shop;
  assert.equal(saved.vatRateBasisPoints, 1750);
  assert.deepEqual(saved.addressLines, ['1 High Street', 'Little Town']);
  assert.equal(saved.name, 'Corner Café');

  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  assert.equal(await section('Shop details').getByLabel('VAT rate (%)').inputValue(), '17.5');
});

test('a printer the services refuse is not saved, and their reason is shown', async () => {
  const printers = section('Printers');
  await printers.getByRole('button', { name: 'Add printer' }).click();
  const editor = printers.getByRole('group', { name: /Edit printer/ });
  await editor.getByLabel('Connection').selectOption('network');
  await editor.getByLabel('Printer address').fill('the printer by the door');
  await printers.getByRole('button', { name: 'Save Printers' }).click();
  await printers
    .getByRole('alert')
    .getByText(/A network printer needs an address like 192\.168\.1\.50 or 192\.168\.1\.50:9100/)
    .waitFor();
  assert.doesNotMatch(
    await printers.getByRole('alert').innerText(),
    /printers\.\d/,
    'fields are named as the form names them',
  );
  assert.deepEqual(
    host.till.settings.load().printers.map((p) => p.id),
    ['preview'],
    'a refused change changes nothing',
  );
  await printers.getByRole('button', { name: 'Undo changes' }).click();
  assert.equal(
    await printers.getByRole('list', { name: 'Configured printers' }).getByRole('listitem').count(),
    1,
  );
});

test('kiosk mode and start on login are saved for the next start', async () => {
  const startup = section('Start-up');
  await startup.getByRole('switch', { name: 'Kiosk mode' }).check();
  await startup.getByRole('switch', { name: 'Start on login' }).check();
  await startup.getByRole('button', { name: 'Save Start-up' }).click();
  await startup.getByRole('status').getByText('Saved. Restart Paydesk to apply.').waitFor();
  const saved = host.till.settings.load();
  assert.equal(saved.kioskMode, true);
  assert.equal(saved.startOnLogin, true);
  assert.deepEqual(pageProblems(page), []);
});
