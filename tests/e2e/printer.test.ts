// The Printer screen in Chromium against the real till services: the on-screen preview of a
// test page, a network printer (the emulator on loopback) configured through Settings, and a
// paper-out hold that clears when the paper is replaced, printing the job exactly once; and a
// job the printer took without confirming, which the cashier resolves with a DUPLICATE reprint;
// and a link dropped right after a complete job: the resend is marked COPY and the top bar says a
// receipt may not have printed until the cashier marks it checked.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestHost, type TestHost } from './support/host';
import { goToScreen, launchBrowser, openTill, pageProblems, screenshotPath } from './support/browser';
import { startPrinterEmulator, type PrinterEmulator } from '../support/printer-emulator';

let host: TestHost;
let browser: Browser;
let emulator: PrinterEmulator;
let page: Page;

const CP858_POUND = 0x9c;
const CP858_EURO = 0xd5;

before(async () => {
  emulator = await startPrinterEmulator();
  // A printer that takes a job and never confirms it is judged after 1.5 s, not the default 10 s.
  host = await startTestHost({ pinScryptCost: 1024, printTiming: { confirmTimeoutMs: 1500 } });
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
  await emulator?.close();
});

const go = (screen: string) => goToScreen(page, screen);

const queue = () => page.getByRole('table', { name: 'Print queue' });
const uncertainPill = () => page.getByTestId('status-print-uncertain');

test('a test page on the on-screen preview shows on paper, with £ and €', async () => {
  await go('Printer');
  const preview = page.getByRole('listitem', { name: 'Printer On-screen preview' });
  await preview.getByTestId('printer-condition').waitFor();
  await page.getByRole('button', { name: 'Test page on On-screen preview' }).click();
  const paper = page.getByRole('figure', { name: 'Test page preview' });
  await paper.getByText('Pound £12.34  Euro €12.34').waitFor();
  const text = await paper.innerText();
  assert.match(text, /Paydesk test page/);
  assert.match(text, /═{48}/, 'a double rule across 48 columns of 80 mm paper');
  assert.equal(await paper.locator('.receipt-box').innerText(), 'VOID', 'the VOID box is framed');
  await queue()
    .getByRole('row', { name: /Test page on On-screen preview/ })
    .first()
    .waitFor();
  assert.equal(await queue().getByTestId('job-state').first().innerText(), 'Printed');
  await page.screenshot({ path: screenshotPath('printer-preview'), fullPage: true });
});

test('a network printer added in Settings prints a test page to the emulator', async () => {
  await go('Settings');
  const printers = page.getByRole('region', { name: 'Printers' });
  await printers.getByRole('button', { name: 'Add printer' }).click();
  const editor = printers.getByRole('group', { name: /Edit printer/ });
  await editor.getByLabel('Printer name').fill('Counter printer');
  await editor.getByLabel('Connection').selectOption('network');
  await editor.getByLabel('Printer address').fill(`127.0.0.1:${emulator.port}`);
  await editor.getByRole('radio', { name: '58 mm' }).check();
  await printers.getByLabel('Prints receipts').selectOption({ label: 'Counter printer' });
  await printers.getByRole('button', { name: 'Save Printers' }).click();
  await printers.getByRole('status').getByText('Saved.').waitFor();
  await printers.getByText('Prints receipts', { exact: true }).first().waitFor();
  await page.screenshot({ path: screenshotPath('settings-printers'), fullPage: true });

  await go('Printer');
  const card = page.getByRole('listitem', { name: 'Printer Counter printer' });
  await card.waitFor();
  await page.getByRole('button', { name: 'Test page on Counter printer' }).click();
  const [job] = await emulator.waitForJobs(1, 10_000);
  assert.ok(job!.includes(CP858_POUND) && job!.includes(CP858_EURO), '£ and € arrive in code page 858');
  assert.ok(job!.includes(Buffer.from('Paydesk test page')), 'the test page text reached the printer');
  const row = queue().getByRole('row', { name: 'Test page on Counter printer' });
  await row.getByTestId('job-state').getByText('Printed').waitFor();
  await card.getByTestId('printer-condition').getByText('Ready').waitFor();
});

test('paper out holds the job with the reason; new paper prints it once', async () => {
  emulator.setState('paperEnd');
  const before = emulator.jobs().length;
  await page.getByRole('button', { name: 'Test page on Counter printer' }).click();
  const held = queue().locator('tr[data-state="held"]');
  await held.waitFor();
  assert.equal(await held.getByTestId('job-reason').innerText(), 'paper out');
  await held.getByRole('button', { name: 'Retry Test page' }).waitFor();
  const card = page.getByRole('listitem', { name: 'Printer Counter printer' });
  await card.getByTestId('printer-condition').getByText('Paper out').waitFor();
  assert.equal(emulator.jobs().length, before, 'nothing is sent while the paper is out');
  await page.screenshot({ path: screenshotPath('printer-held'), fullPage: true });

  emulator.setState('ready');
  await emulator.waitForJobs(before + 1, 10_000);
  await page.waitForSelector('tr[data-state="held"]', { state: 'detached' });
  const rows = queue().getByRole('row', { name: 'Test page on Counter printer' });
  assert.deepEqual(await rows.getByTestId('job-state').allInnerTexts(), ['Printed', 'Printed']);
  await card.getByTestId('printer-condition').getByText('Ready').waitFor();
  assert.equal(emulator.jobs().length, before + 1, 'the held job printed exactly once');
});

test('a job the printer never confirmed asks the cashier, who reprints it marked DUPLICATE', async () => {
  emulator.setBehaviour({ silentOnData: true });
  const before = emulator.jobs().length;
  await page.getByRole('button', { name: 'Test page on Counter printer' }).click();
  const prompt = page.getByRole('group', { name: 'Decide about Test page' });
  await prompt
    .getByText('This receipt may or may not have printed. Reprint it marked DUPLICATE, or mark it done?')
    .waitFor();
  const uncertain = queue().locator('tr[data-state="uncertain"]');
  assert.equal(
    await uncertain.getByTestId('job-reason').innerText(),
    'the printer took it but did not confirm',
  );
  assert.equal(await uncertain.getByRole('button', { name: /^Retry/ }).count(), 0, 'never resent by itself');
  await uncertainPill().getByText('A receipt may not have printed').waitFor();
  await page.screenshot({ path: screenshotPath('printer-uncertain'), fullPage: true });

  emulator.setBehaviour({});
  emulator.setState('ready');
  await prompt.getByRole('button', { name: 'Reprint as DUPLICATE' }).click();
  await emulator.waitUntil(
    () =>
      emulator
        .jobs()
        .slice(before)
        .some((job) => job.includes(Buffer.from('DUPLICATE'))),
    10_000,
    'the duplicate reached the printer',
  );
  await prompt.waitFor({ state: 'detached' });
  await uncertain.getByTestId('job-reason').getByText('reprinted as a duplicate').waitFor();
  const duplicate = queue()
    .getByRole('row', { name: 'Test page on Counter printer' })
    .filter({ hasText: 'Duplicate copy' });
  await duplicate.getByTestId('job-state').getByText('Printed').waitFor();
  const paper = page.getByRole('figure', { name: 'Test page preview' });
  assert.equal(
    await paper.locator('.receipt-duplicate').first().innerText(),
    'DUPLICATE',
    'the preview marks it too',
  );
  assert.deepEqual(pageProblems(page), []);
});

test('a link dropped after a complete job: the resend says COPY, the top bar asks for a look until checked', async () => {
  // The previous test's job was dealt with by the reprint: nothing needs a look now.
  await uncertainPill().waitFor({ state: 'detached' });
  emulator.setBehaviour({ dropAfterJob: true });
  const before = emulator.jobs().length;
  await page.getByRole('button', { name: 'Test page on Counter printer' }).click();
  await emulator.waitForJobs(before + 2, 10_000);
  const [first, second] = emulator.jobs().slice(before);
  assert.ok(!first!.includes(Buffer.from('COPY')), 'the first copy carries no mark');
  assert.ok(
    second!.includes(Buffer.from('COPY')) && second!.includes(Buffer.from('may already have printed')),
    'the resend carries the COPY header',
  );

  await go('Sell');
  const pill = uncertainPill();
  assert.equal((await pill.innerText()).trim(), 'A receipt may not have printed — check the Printer screen');
  await page.screenshot({ path: screenshotPath('printer-copy-pill'), fullPage: true });
  await pill.click(); // takes the cashier to the Printer screen
  await page.getByTestId('printer-needs-look').waitFor();
  const check = page.getByRole('group', { name: 'Check Test page' });
  await check.getByText('It was printed again marked COPY').waitFor();
  await page.screenshot({ path: screenshotPath('printer-copy-check'), fullPage: true });
  assert.equal(await uncertainPill().count(), 1, 'still shown: nobody has marked it yet');

  await check.getByRole('button', { name: 'Checked' }).click();
  await uncertainPill().waitFor({ state: 'detached' });
  await page.getByTestId('printer-needs-look').waitFor({ state: 'detached' });
  assert.equal(emulator.jobs().length, before + 2, 'marking it checked prints nothing more');
  assert.deepEqual(pageProblems(page), []);
});
