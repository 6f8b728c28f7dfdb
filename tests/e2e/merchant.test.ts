// Merchant tools in Chromium against the real services and the merchant stand-in: connect, sign
// in to the dashboard in the new tab, run a read tool, run a write tool after its confirmation
// (and see the change in a later read), disconnect.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_USERS, type MerchantSandbox } from '../../electron/sandbox/merchant/server';
import { goToScreen, launchBrowser, openTill, pageProblems } from './support/browser';
import { startTestHost, type TestHost } from './support/host';

let host: TestHost;
let browser: Browser;
let page: Page;
let standIn: MerchantSandbox;

before(async () => {
  host = await startTestHost();
  standIn = (await host.till.sandbox()).merchant;
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

test('connect, sign in in the new tab, read, change a price after confirming, disconnect', async () => {
  await goToScreen(page, 'Merchant tools');

  // Connect opens the dashboard's sign-in page in a new tab; sign in there.
  const [signInTab] = await Promise.all([
    page.context().waitForEvent('page', { timeout: 10_000 }),
    page.getByRole('button', { name: 'Connect', exact: true }).click(),
  ]);
  await signInTab.getByLabel('Email').fill(SANDBOX_USERS.owner.email);
  await signInTab.getByLabel('Password').fill(SANDBOX_USERS.owner.password);
  await signInTab.getByRole('button', { name: 'Sign in' }).click();
  await signInTab.getByText('You can close this tab').waitFor({ timeout: 10_000 });
  await signInTab.close();

  // Back in the till: signed in, with the account named.
  const account = page.getByTestId('merchant-account');
  await account.getByText('Harbour Café Ltd').waitFor({ timeout: 10_000 });
  const tools = page.getByRole('navigation', { name: 'Tools' });

  // A read tool: the venues as a table.
  await tools.getByRole('button', { name: /Venues/ }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const result = page.getByTestId('merchant-result');
  await result.getByRole('cell', { name: 'Harbour Café Quayside' }).waitFor();
  assert.equal(await result.getByRole('row').count(), 4, 'a header and three venues');

  // Money reads as money in the account's currency: a latte is £3.40, not "340".
  await tools.getByRole('button', { name: /Products/ }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const latte = result.getByRole('row').filter({ hasText: 'Latte' });
  await latte.getByRole('cell', { name: '£3.40', exact: true }).waitFor();
  assert.equal(await latte.getByRole('cell', { name: '340', exact: true }).count(), 0);

  // A write tool: the form checks the input in words, then asks before changing anything.
  const product = standIn.data.products.find((p) => p.accountId === 'acc_harbour')!;
  await tools.getByRole('button', { name: /Change a product price/ }).click();
  await page.getByRole('button', { name: 'Review the change' }).click();
  await page.getByText('Product id is needed.').waitFor();
  await page.getByLabel('Product id').fill(product.id);
  // The price is typed as an amount and sent in minor units.
  const price = page.getByLabel(/^Price/);
  await price.fill('3.456');
  await page.getByRole('button', { name: 'Review the change' }).click();
  await page.getByText('Price must be an amount, like £3.45.').waitFor();
  await price.fill('3.45');
  await page.getByRole('button', { name: 'Review the change' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm the change' });
  await confirm.getByText(`Product id: ${product.id}`).waitFor();
  await confirm.getByText('Price: £3.45').waitFor();
  assert.notEqual(product.priceMinor, 345, 'nothing changes before the confirmation');
  await confirm.getByRole('button', { name: 'Yes, make this change' }).click();
  await result.getByText('Previous price', { exact: false }).waitFor();
  const previous = await result
    .getByRole('definition')
    .filter({ hasText: /^£\d+\.\d\d$/ })
    .count();
  assert.ok(previous >= 2, 'the new and the previous price read as money');
  assert.equal(product.priceMinor, 345, 'the dashboard has the new price');

  // Disconnect: signed out, and the sign-in is no longer kept. (`exact`: a role name matches any
  // part of a name by default, and "Disconnect" contains "connect".)
  await account.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
  assert.equal(
    await host.till
      .dispatch('merchant.status', {})
      .then((r) => (r.ok ? (r.value as { state: string }).state : r.error.code)),
    'signed_out',
  );
  assert.deepEqual(pageProblems(page), []);
});

test('with no keychain: Connect says why it cannot sign in and what to do, beside the button; Settings says what Live needs', async () => {
  const bare = await startTestHost({ secretStores: [] });
  const tab = await openTill(browser, bare.host.url);
  try {
    await goToScreen(tab, 'Merchant tools');
    const connect = tab.getByRole('button', { name: 'Connect', exact: true });
    // Said at once, beside the button: the status query reads the keychain.
    const panel = tab.locator('.merchant-signin');
    const why = panel.getByRole('alert').filter({ hasText: 'the keychain can’t be used' });
    await why.waitFor();
    await connect.click();
    await why.filter({ hasText: 'then press Connect again' }).waitFor();
    assert.equal(tab.context().pages().length, 1, 'no sign-in page was opened');
    assert.equal(
      (await bare.till.dispatch('merchant.status', {})).ok,
      true,
      'the status is an answer, not a failure',
    );

    await goToScreen(tab, 'Settings');
    const section = tab.getByRole('region', { name: 'Merchant tools' });
    await section.getByRole('radio', { name: 'Live' }).check();
    const note = section.getByTestId('live-needs-merchant');
    await note.getByText('checks that the address offers the merchant dashboard’s sign-in').waitFor();
    assert.doesNotMatch(await note.innerText(), /cannot make yet/);
    assert.deepEqual(pageProblems(tab), []);
  } finally {
    await tab.close();
    await bare.close();
  }
});
