// Settings in Chromium against the real till services: the manager PIN (set, lock, wrong tries
// up to the lockout, the right PIN refused while locked, then accepted), and card payments
// switched from the embedded sandbox to a second, "live" pay-at-counter instance with its own
// sign-in — refused until the sign-in is saved and the connection test passes, a wrong password
// named as such, the right one connecting, its terminals listed — and back. No password ever appears in the page.
//
// Secrets go to the real OS keychain under scripts/with-keyring.sh (as `npm test` runs it);
// elsewhere to the encrypted-file store with a test key, so the screen is still exercised.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestHost, type TestHost } from './support/host';
import { goToScreen, launchBrowser, openTill, pageProblems, screenshotPath } from './support/browser';
import {
  startPayAtCounterSandbox,
  type PayAtCounterSandbox,
} from '../../electron/sandbox/pay-at-counter/server';
import { EncryptedFileSecretStore } from '../../electron/services/storage/secret-store-encrypted-file';
import { aesBackend } from '../support/encryption';
import { JumpClock } from '../support/jump-clock';
import { TEST_STAFF } from '../support/staff';
import { StaffStore } from '../../electron/services/staff/store';
import { openDatabase } from '../../electron/services/storage/database';

const PIN = '582946';
const WRONG_PIN = '913572';
const LIVE_PASSWORD = `live-pass-${randomBytes(8).toString('hex')}`;
const WRONG_PASSWORD = `wrong-pass-${randomBytes(8).toString('hex')}`;
/** The live instance's clock: its terminals' last activity tells its list from the sandbox's. */
const LIVE_STARTED = new Date('2026-03-01T12:00:00Z');

/** The till's clock: real time, jumped over the PIN lock instead of waiting it out. */
const clock = new JumpClock();
let live: PayAtCounterSandbox;
let host: TestHost;
let dataDir: string;
let browser: Browser;
let page: Page;

before(async () => {
  live = await startPayAtCounterSandbox({
    username: 'live-user',
    password: LIVE_PASSWORD,
    speed: 50,
    now: () => new Date(LIVE_STARTED),
  });
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-settings-e2e-'));
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
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url, { controlTime: true });
});

after(async () => {
  await browser?.close();
  await host?.close();
  await live?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const go = (screen: string) => goToScreen(page, screen);

const gate = () => page.getByRole('group', { name: 'Settings are locked' });
const cardPayments = () => page.getByRole('region', { name: 'Card payments' });

async function enterPin(pin: string, byKeypad = false) {
  if (byKeypad) {
    for (const digit of pin) await gate().getByRole('button', { name: digit, exact: true }).click();
  } else {
    await gate().getByLabel('Manager PIN').fill(pin);
  }
  await gate().getByRole('button', { name: 'Unlock' }).click();
}

async function assertNoPasswordInPage() {
  const html = await page.content();
  for (const secret of [LIVE_PASSWORD, WRONG_PASSWORD, PIN, WRONG_PIN]) {
    assert.ok(!html.includes(secret), 'no password or PIN is in the page');
  }
}

test('a manager PIN is set, then guards Settings', async () => {
  await go('Settings');
  const panel = page.getByRole('region', { name: 'Set a manager PIN' });
  await panel.getByLabel('New manager PIN', { exact: true }).fill(PIN);
  await panel.getByLabel('New manager PIN again').fill(PIN);
  await panel.getByRole('button', { name: 'Set manager PIN' }).click();
  // Setting the first PIN creates the manager "Manager", who is then serving: Settings stay open.
  await page.getByRole('button', { name: 'Serving: Manager. Switch cashier' }).waitFor();
  await cardPayments().waitFor();
  // A cashier takes over the till: Settings lock until a manager's PIN opens them.
  const cashier = await host.till.dispatch('staff.add', { ...TEST_STAFF.cashier, role: 'cashier' });
  assert.ok(cashier.ok);
  const staffId = (cashier.value as { id: string }).id;
  assert.ok((await host.till.dispatch('staff.signIn', { staffId, pin: TEST_STAFF.cashier.pin })).ok);
  await gate().waitFor();
  assert.equal(await cardPayments().count(), 0, 'nothing of the settings shows behind the lock');

  await enterPin(PIN, true);
  await cardPayments().waitFor();
  await page.getByRole('button', { name: 'Lock settings' }).click();
  await gate().waitFor();
  await enterPin(PIN);
  await cardPayments().waitFor();
  await assertNoPasswordInPage();
});

test('card payments go live only with their sign-in saved and a passing test: wrong password named, right one connects, its terminals listed', async () => {
  const section = cardPayments();
  await section.getByRole('radio', { name: 'Live' }).check();
  await section
    .getByTestId('live-needs-payAtCounter')
    .getByText('Save the live sign-in below first')
    .waitFor();
  await section.getByLabel('Live address').fill('http://payments.example.com');
  await section.getByRole('button', { name: 'Save Card payments' }).click();
  await section.getByRole('alert').getByText('Live services must use https://').waitFor();
  assert.equal(host.till.settings.load().payAtCounter.mode, 'sandbox', 'a refused change changes nothing');

  // No sign-in saved yet: Live is refused, and the till says what to save.
  const requestsBefore = live.stats().apiRequests;
  await section.getByLabel('Live address').fill(live.baseUrl);
  await section.getByRole('button', { name: 'Save Card payments' }).click();
  await section
    .getByRole('alert')
    .getByText(
      'The card service stays on Sandbox: save the live username and password under Live sign-in first, then save again.',
    )
    .waitFor();
  assert.equal(host.till.settings.load().payAtCounter.mode, 'sandbox');
  assert.equal(live.stats().apiRequests, requestsBefore, 'nothing was sent without a sign-in');

  await section.getByLabel('Username (live)').fill('live-user');
  await section.getByRole('button', { name: 'Save Username' }).click();
  await section.getByLabel('Password (live)').fill(WRONG_PASSWORD);
  await section.getByRole('button', { name: 'Save Password' }).click();
  const password = section.getByTestId('secret-payAtCounter.password');
  await password.getByText(/^Saved \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
  assert.equal(await password.locator('input').count(), 0, 'a saved password is never shown again');
  await assertNoPasswordInPage();

  // A sign-in the live service refuses: named as such, and the till stays on Sandbox.
  await section.getByRole('button', { name: 'Save Card payments' }).click();
  await section
    .getByRole('alert')
    .getByText(
      /stays on Sandbox: the connection test did not pass\. The username or password was not accepted\./,
    )
    .waitFor();
  assert.equal(host.till.settings.load().payAtCounter.mode, 'sandbox');

  await password.getByRole('button', { name: 'Replace Password' }).click();
  await password.getByLabel('Password (live)').fill(LIVE_PASSWORD);
  await password.getByRole('button', { name: 'Save Password' }).click();
  await password.getByText(/^Saved /).waitFor();
  await section.getByRole('button', { name: 'Save Card payments' }).click();
  await section
    .getByRole('status')
    .getByText('Card payments is now Live: the connection test passed.')
    .waitFor();
  assert.equal(host.till.settings.load().payAtCounter.mode, 'live');

  await section.getByRole('button', { name: 'Test connection: Card payments' }).click();
  const result = section.getByTestId('test-result-payAtCounter');
  await result.getByText(/^Connected/).waitFor();
  await assertNoPasswordInPage();
  await page.screenshot({ path: screenshotPath('settings-live') });

  const requestsBeforeList = live.stats().apiRequests;
  await go('Terminals');
  const rows = page.getByRole('table', { name: 'Card terminals' }).getByTestId('terminal-row');
  await rows.nth(1).waitFor();
  const listed = (await rows.allInnerTexts()).join('\n');
  assert.match(listed, /22900001\s+GBP\s+Available\s+1 Mar 2026/);
  assert.match(listed, /22900002\s+EUR\s+Available\s+1 Mar 2026/);
  assert.ok(live.stats().apiRequests > requestsBeforeList, 'the list came from the live instance');
  await page.getByRole('status').getByText('Card service: online', { exact: true }).waitFor();
  // The supplier is still the stand-in: the banner says so, and that card payments are real.
  await page
    .getByRole('note', { name: 'Sandbox mode' })
    .getByText(
      'Sandbox supplier — orders go to a stand-in and nothing is delivered. Card payments are real.',
      { exact: true },
    )
    .waitFor();
  await assertNoPasswordInPage();
});

test('wrong PINs lock Settings; the right PIN is refused while locked, then accepted; back to sandbox', async () => {
  await go('Settings');
  await page.getByRole('button', { name: 'Lock settings' }).click();
  await gate().waitFor();

  await enterPin(WRONG_PIN, true);
  await gate().getByRole('alert').getByText('Wrong PIN. 2 tries left before a wait.').waitFor();
  await enterPin(WRONG_PIN);
  await gate().getByRole('alert').getByText('Wrong PIN. 1 try left before a wait.').waitFor();
  await enterPin(WRONG_PIN);
  await gate().getByRole('alert').getByText('Wrong PIN. Too many wrong tries.').waitFor();
  const wait = gate().getByTestId('pin-wait');
  const seconds = Number(/Try again in (\d+) s/.exec(await wait.innerText())?.[1]);
  assert.ok(seconds > 20 && seconds <= 30, `a 30 s lock counts down (showed ${seconds} s)`);
  await page.screenshot({ path: screenshotPath('settings-locked') });

  await enterPin(PIN);
  await gate().getByRole('alert').getByText('Too many wrong PINs.').waitFor();
  assert.equal(await cardPayments().count(), 0, 'the right PIN does not open a locked till');
  const db = openDatabase(join(dataDir, 'paydesk.sqlite'));
  const failedAttempts = new StaffStore(db, clock).lockout.load().failedAttempts;
  db.close();
  assert.equal(failedAttempts, 3, 'a locked try is not counted');

  // Thirty seconds pass for the till and the page together, without waiting them out; the
  // countdown then says the lock is over.
  await Promise.all([clock.jump(30_000), page.clock.fastForward(30_000)]);
  await wait.getByText('You can try again now.').waitFor();
  await enterPin(PIN);
  const section = cardPayments();
  await section.waitFor();

  await section.getByRole('radio', { name: 'Sandbox' }).check();
  await section.getByRole('button', { name: 'Save Card payments' }).click();
  await section.getByRole('status').getByText('Card payments saved.').waitFor();
  await page.getByRole('status').getByText('Card service: online (sandbox)').waitFor();
  await page
    .getByRole('note', { name: 'Sandbox mode' })
    .getByText('Sandbox — no real money moves.', { exact: false })
    .waitFor();
  const password = section.getByTestId('secret-payAtCounter.password');
  await password.getByRole('button', { name: 'Forget Password' }).click();
  await password.getByRole('button', { name: 'Yes, forget Password' }).click();
  await password.getByLabel('Password (live)').waitFor();
  assert.equal(await password.getByText(/^Saved /).count(), 0, 'a forgotten password is no longer saved');
  await section
    .getByTestId('secret-payAtCounter.username')
    .getByText(/^Saved /)
    .waitFor();
  await go('Terminals');
  const rows = page.getByRole('table', { name: 'Card terminals' }).getByTestId('terminal-row');
  await rows.nth(1).waitFor();
  assert.doesNotMatch(
    (await rows.allInnerTexts()).join('\n'),
    /01\/03\/2026/,
    'the embedded sandbox answers again',
  );
  await assertNoPasswordInPage();
  assert.deepEqual(pageProblems(page), []);
});
