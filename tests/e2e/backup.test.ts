// Backups and restoring onto a new PC, in Chromium (docs/backups.md): a manager sets the folder
// and backs up on the Backups screen and reads the result; two days on with the USB stick
// pulled, the top bar and Settings say so (the till's clock jumps). A new till (empty data
// folder) greets its owner with the first-start panel, restores through the screen, and shows
// the same last sale and numbers on after it. The browser host started with `--restore <file>`
// (`npm run start:browser`, as a user runs it) serves a till holding the restored sales.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { fillBackupWords } from '../../shared/backup-words';
import { JumpClock } from '../support/jump-clock';
import { setUpStaff, TEST_STAFF } from '../support/staff';
import { goToScreen, launchBrowser, openTill, pageProblems } from './support/browser';
import { screenProblems } from './support/axe';
import { runUntilLine, type RunningCommand } from './support/command';
import { startTestHost, type TestHost } from './support/host';
import { call, newestSale } from './sell-support';

const DAY_MS = 24 * 60 * 60_000;

let browser: Browser;
let scratch: string;
let backups: string;
/** The old PC's till: staff, three sales, a clock the test moves. */
let old: TestHost;
const clock = new JumpClock();
let lastReceipt: string;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'paydesk-e2e-backup-'));
  backups = join(scratch, 'usb-stick');
  mkdirSync(backups);
  old = await startTestHost({
    pinScryptCost: 1024,
    clock,
    // The night's backup onto the pulled stick fails on purpose; anything else is printed.
    logger: {
      info: () => {},
      warn: () => {},
      error: (message, error) => {
        if (!message.startsWith('backup (scheduled) failed: folderMissing')) console.error(message, error);
      },
    },
  });
  await setUpStaff((method, input) => call(old, method, input), { signIn: 'manager' });
  const { products } = await call(old, 'catalogue.get', {});
  for (const [i, product] of products.slice(0, 3).entries()) {
    const sale = await call(old, 'sales.open', { lines: [{ productId: product.id, quantity: i + 1 }] });
    lastReceipt = (await call(old, 'sales.payCash', { saleId: sale.saleId, amountGiven: sale.total }))
      .receiptNumber;
  }
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await old?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const backupPill = (page: Page) => page.getByTestId('status-backup');

/** The manager signs in on the "Who is serving?" screen a started till shows. */
async function signInAsManager(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Who is serving?' });
  await dialog.getByRole('button', { name: new RegExp(`^${TEST_STAFF.manager.name}`) }).click();
  await dialog.getByLabel(`${TEST_STAFF.manager.name}’s PIN`).fill(TEST_STAFF.manager.pin);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The History screen's newest sale: its receipt number leads its row. */
async function newestInHistory(page: Page): Promise<string> {
  await goToScreen(page, 'History');
  const row = page.getByRole('region', { name: 'Sales' }).getByRole('listitem').first();
  await row.waitFor();
  return (await row.innerText()).trim().split(/\s/)[0]!;
}

test('a manager sets the folder, backs up now and reads the result; two days on, the top bar and Settings say so', async () => {
  const page = await openTill(browser, old.host.url);
  await goToScreen(page, 'Backups');
  const section = page.getByRole('region', { name: 'Back up the till’s records' });
  await section.getByText('No good backup has been made yet.').waitFor();
  await section.getByLabel('Backup folder').fill(backups);
  await section.getByRole('button', { name: 'Save Back up the till’s records' }).click();
  // Nightly by default once a folder is set.
  await section.getByText(/^Next backup: /).waitFor();

  await section.getByRole('button', { name: 'Back up now' }).click();
  const result = fillBackupWords('done', { sales: 3, receipt: lastReceipt });
  await section.getByRole('status').filter({ hasText: result }).waitFor();
  await section
    .getByTestId('backup-last-good')
    .filter({ hasText: `3 sales, the last receipt ${lastReceipt}.` })
    .waitFor();
  const files = readdirSync(backups);
  assert.equal(files.length, 1);
  assert.match(files[0]!, /^paydesk-backup-\d{8}-\d{6}Z\.sqlite$/);
  assert.deepEqual(await screenProblems(page, 'Backups › backed up'), []);
  assert.equal(await backupPill(page).count(), 0, 'a fresh backup: nothing in the top bar');

  // The USB stick is pulled and two days pass: the night's backup fails, and the top bar says so.
  renameSync(backups, `${backups}-pulled`);
  await clock.jump(2 * DAY_MS + 60_000);
  const warning = fillBackupWords('staleFailing', { days: 2 });
  await backupPill(page).filter({ hasText: warning }).waitFor();
  await section
    .getByTestId('backup-last-failed')
    .filter({ hasText: fillBackupWords('folderMissing') })
    .waitFor();

  // Settings says so too, beside the last good backup.
  await goToScreen(page, 'Settings');
  const summary = page.getByRole('region', { name: 'Backups' });
  await summary
    .getByTestId('backup-last-failed')
    .filter({ hasText: fillBackupWords('folderMissing') })
    .waitFor();
  await summary
    .getByTestId('backup-last-good')
    .filter({ hasText: `3 sales, the last receipt ${lastReceipt}.` })
    .waitFor();

  // The stick is back: from the top bar to the Backups screen, back up, and the warning goes.
  renameSync(`${backups}-pulled`, backups);
  await goToScreen(page, 'Sell');
  await backupPill(page).click();
  await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();
  await section.getByRole('button', { name: 'Back up now' }).click();
  await backupPill(page).waitFor({ state: 'detached' });
  assert.equal(readdirSync(backups).length, 2);
  assert.deepEqual(pageProblems(page), []);
  await page.context().close();
});

test('a new till greets its owner, restores through the screen, shows the same last sale and numbers on', async () => {
  const fresh = await startTestHost({ pinScryptCost: 1024, restartable: true });
  try {
    const page = await openTill(browser, fresh.host.url);
    const welcome = page.getByRole('region', { name: 'New till, or moving from another PC?' });
    await welcome.waitFor();
    // The panel sits above the products: selling is not blocked.
    const { products } = await call(fresh, 'catalogue.get', {});
    await page
      .getByRole('button', { name: new RegExp(`^${escape(products[0]!.name)} `) })
      .first()
      .waitFor();
    assert.deepEqual(await screenProblems(page, 'Sell › first start'), []);

    await welcome.getByRole('button', { name: 'Restore from a backup' }).click();
    await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();
    const restore = page.getByRole('region', { name: 'Restore from a backup' });
    await restore.getByLabel('Folder with the backups').fill(backups);
    await restore.getByRole('button', { name: 'Look for backups' }).click();
    const choices = restore.getByRole('radio');
    await choices.first().waitFor();
    assert.equal(await choices.count(), 2, 'both backups of the old till');
    const newest = restore.getByRole('radio', {
      name: new RegExp(`3 sales, the last receipt ${lastReceipt}$`),
    });
    assert.equal(await newest.count(), 2, 'both hold the three sales');
    assert.deepEqual(await screenProblems(page, 'Backups › backups found'), []);
    await newest.first().check();
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    const next = `S${String(Number(lastReceipt.slice(1)) + 1).padStart(lastReceipt.length - 1, '0')}`;
    await restore.getByText(`Restored: 3 sales are back. The next receipt is ${next}.`).waitFor();
    await restore.getByRole('button', { name: 'Carry on' }).click();

    // The restored till: its staff came back with it, so the manager signs in.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await signInAsManager(page);
    assert.equal(await page.getByRole('region', { name: 'New till, or moving from another PC?' }).count(), 0);
    assert.equal(await newestInHistory(page), lastReceipt, 'the same last sale');

    // A sale at the counter gets the next number: none is used twice.
    await goToScreen(page, 'Sell');
    await page
      .getByRole('button', { name: new RegExp(`^${escape(products[0]!.name)} `) })
      .first()
      .click();
    await page.getByRole('button', { name: /^Pay / }).click();
    const tender = page.getByRole('region', { name: 'Take payment' });
    await tender.getByRole('tab', { name: 'Cash', exact: true }).click();
    await tender.getByRole('button', { name: /^Exact / }).click();
    await tender.getByRole('button', { name: /^Take .* cash$/ }).click();
    await page
      .getByRole('region', { name: 'Sale complete' })
      .getByText(new RegExp(`^Receipt ${next} `))
      .waitFor();
    assert.equal((await newestSale(fresh)).receiptNumber, next);
    assert.deepEqual(pageProblems(page), []);
    await page.context().close();
  } finally {
    await fresh.close();
  }
});

test('the browser host started with --restore <file> serves a till holding the restored sales', async () => {
  const file = join(backups, readdirSync(backups).sort().at(-1)!);
  const dataDir = join(scratch, 'new-pc');
  let running: RunningCommand | undefined;
  try {
    const started = await runUntilLine(
      'npm',
      ['run', '--silent', 'start:browser', '--', '--port', '0', '--data-dir', dataDir, '--restore', file],
      /^Paydesk till: (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)$/,
    );
    running = started.running;
    assert.match(running.output(), /^Restored the backup of \d{4}-\d{2}-\d{2}T/m);
    const page = await openTill(browser, started.line[1]!);
    await signInAsManager(page);
    assert.equal(await newestInHistory(page), lastReceipt);
    assert.deepEqual(pageProblems(page), []);
    await page.context().close();
  } finally {
    await running?.stop();
  }
});

test('"Start fresh" puts the welcome away for good, across a reload', async () => {
  const fresh = await startTestHost({ pinScryptCost: 1024 });
  try {
    const page = await openTill(browser, fresh.host.url);
    const welcome = page.getByRole('region', { name: 'New till, or moving from another PC?' });
    await welcome.getByRole('button', { name: 'Start fresh' }).click();
    await welcome.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Sell' }).waitFor();
    assert.equal(await welcome.count(), 0, 'remembered');
    assert.equal((await call(fresh, 'backup.status', {})).newTill, true, 'nothing else changed');
    assert.deepEqual(pageProblems(page), []);
    await page.context().close();
  } finally {
    await fresh.close();
  }
});
