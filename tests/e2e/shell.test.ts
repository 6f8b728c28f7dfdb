// The till as a user starts it: `npm run start:browser`, then the shell in Debian's Chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openTill, pageProblems } from './support/browser';
import { runUntilLine, type RunningCommand } from './support/command';

let browser: Browser;
let running: RunningCommand;
let url: string;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
  const started = await runUntilLine(
    'npm',
    ['run', '--silent', 'start:browser', '--', '--port', '0', '--data-dir', dataDir],
    /^Paydesk till: (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)$/,
  );
  running = started.running;
  url = started.line[1]!;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let page: Page;

test('the shell opens with the sandbox banner, every screen, and status always visible', async () => {
  page = await openTill(browser, url);
  await page.getByRole('note', { name: 'Sandbox mode' }).waitFor();
  for (const name of ['Sell', 'Terminals', 'Reports', 'Printer', 'Supplies', 'Merchant tools', 'Settings']) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).waitFor();
  }
  const status = page.getByRole('status', { name: 'Connection and printer status' });
  await status.getByText(/Card service: online \(sandbox\)/).waitFor();
  await status.getByText(/Supplier: online \(sandbox\)/).waitFor();
  await status.getByText(/Printer:/).waitFor();
  assert.equal(new URL(page.url()).hash, '', 'the one-time key is cleared from the address bar');
});

test('the Terminals screen lists both sandbox terminals through the whole chain, and filters', async () => {
  await page.getByRole('button', { name: 'Terminals', exact: true }).click();
  const table = page.getByRole('table', { name: 'Card terminals' });
  await table.waitFor();
  const rows = table.getByTestId('terminal-row');
  await assert.doesNotReject(() => rows.nth(1).waitFor());
  const text = (await rows.allInnerTexts()).join('\n');
  assert.match(text, /22900001\s+GBP\s+Available/);
  assert.match(text, /22900002\s+EUR\s+Available/);
  await page.getByRole('combobox', { name: 'Filter by currency' }).selectOption('EUR');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="terminal-row"]').length === 1);
  assert.match(await rows.first().innerText(), /22900002\s+EUR/);
});

test('a reload keeps working without the key in the address bar', async () => {
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page
    .getByRole('status')
    .getByText(/Card service: online/)
    .waitFor();
  assert.deepEqual(pageProblems(page), []);
});

test('the status bar says how the card service and the printer are from its first frame', async () => {
  // What the status bar holds the first time it is in the page (a screen's first render).
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const bar = document.querySelector('.status-bar[role=status]');
      if (!bar) return;
      seen.disconnect();
      (window as Window & { firstStatus?: string }).firstStatus = bar.textContent ?? '';
    });
    seen.observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  const first = await page.evaluate(() => (window as Window & { firstStatus?: string }).firstStatus);
  assert.match(first ?? '', /Card service: online \(sandbox\)/);
  assert.match(first ?? '', /Printer:/);
});

test('a page opened without the key cannot use the till', async () => {
  const other = await browser.newPage();
  await other.goto(url.replace(/#.*$/, ''));
  await other
    .getByRole('alert')
    .getByText(/cannot reach its till service/)
    .waitFor();
  await other.close();
});

test('a screen other than Sell is read when first opened; one that cannot be read offers Try again', async () => {
  const read = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  assert.ok(!(await read()).some((name) => /\/AuditScreen-[\w-]+\.js$/.test(name)), 'read at start');

  const auditCode = /\/AuditScreen-[\w-]+\.js$/;
  await page.route(auditCode, (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Audit', exact: true })
    .click();
  const failed = page.getByRole('main').getByRole('alert');
  await failed.getByText(/This screen could not be opened/).waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), true, 'the till stays up');

  await page.unroute(auditCode);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('main').getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
  assert.ok((await read()).some((name) => auditCode.test(name)));
});
