// The Reports screen in Chromium against the real till services: a card sale taken on the
// sandbox card machine, then an X report run from the screen shows its totals and its slip.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestHost, type TestHost } from './support/host';
import { goToScreen, launchBrowser, openTill, pageProblems, screenshotPath } from './support/browser';
import { basketEndingIn } from '../support/till';
import { setUpStaff, TEST_STAFF } from '../support/staff';
import { formatMoney } from '../../shared/money';
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';

let host: TestHost;
let browser: Browser;
let page: Page;

before(async () => {
  host = await startTestHost({ pinScryptCost: 1024 });
  browser = await launchBrowser();
  page = await openTill(browser, host.host.url);
});

after(async () => {
  await browser?.close();
  await host?.close();
});

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const reply = await host.till.dispatch(method, input);
  if (!reply.ok) throw new Error(`${method} failed: ${reply.error.code} ${reply.error.message}`);
  return reply.value as MethodOutput<M>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An approved card sale (a total ending in 20) on the GBP card machine; its total once completed. */
async function approvedCardSale(): Promise<number> {
  const { products } = await call('catalogue.get', {});
  const sale = await call('sales.open', { lines: basketEndingIn(products, 20) });
  const completed = new Promise<void>((resolve) => {
    const off = host.till.events.subscribe((name, payload) => {
      const view = payload as { saleId?: string; state?: string };
      if (name === 'sales.updated' && view.saleId === sale.saleId && view.state === 'completed') {
        off();
        resolve();
      }
    });
  });
  await call('sales.payCard', { saleId: sale.saleId, terminalId: '22900001', amount: sale.total });
  await completed;
  return sale.total;
}

test('an X report run from the Reports screen shows the card totals and the slip', async () => {
  const taken = await approvedCardSale();
  await goToScreen(page, 'Reports');
  await page.getByRole('combobox', { name: 'Card machine' }).selectOption('22900001');
  await page.getByRole('button', { name: 'X report', exact: true }).click();

  const result = page.getByRole('region', { name: 'Report result' });
  await result.getByRole('heading', { name: 'X report · Card machine ending 0001' }).waitFor();
  const money = escapeRegExp(formatMoney(taken, 'GBP'));
  const totalsText = await result.getByLabel('Card totals').innerText();
  assert.match(totalsText, new RegExp(`Card sales\\s+${money} \\(1 sale\\)`));
  assert.match(totalsText, /Refunds\s+£0\.00 \(0 refunds\)/);
  assert.match(totalsText, new RegExp(`Takings \\(sales less refunds\\)\\s+${money}`));

  const slip = result.getByRole('figure', { name: 'Report slip' });
  const slipText = await slip.innerText();
  assert.match(slipText, /X BAL/);
  assert.match(slipText, /SALES COUNT\s+1/);
  assert.deepEqual(pageProblems(page), []);
  await page.screenshot({ path: screenshotPath('reports-x'), fullPage: true });
});

test('a cashier’s Z report asks for a manager’s PIN at the counter, then runs and zeroes the totals', async () => {
  await setUpStaff(call, { signIn: 'cashier' });
  await page.getByRole('button', { name: 'Z report', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'needs a supervisor or manager' }).waitFor();
  const approval = page.getByRole('form', { name: 'Approval by a supervisor or manager' });
  await approval.getByRole('button', { name: new RegExp(TEST_STAFF.manager.name) }).click();
  await approval.getByLabel(`${TEST_STAFF.manager.name}’s PIN`).fill(TEST_STAFF.manager.pin);
  await approval.getByRole('button', { name: 'Approve' }).click();

  const result = page.getByRole('region', { name: 'Report result' });
  await result.getByRole('heading', { name: 'Z report · Card machine ending 0001' }).waitFor();
  assert.equal(await approval.count(), 0, 'the PIN prompt goes once the report ran');

  await page.getByRole('button', { name: 'X report', exact: true }).click();
  await result.getByRole('heading', { name: 'X report · Card machine ending 0001' }).waitFor();
  assert.match(await result.getByLabel('Card totals').innerText(), /Card sales\s+£0\.00 \(0 sales\)/);
  assert.deepEqual(pageProblems(page), []);
});
