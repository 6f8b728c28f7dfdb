// The top bar agrees with the screens, in Chromium: a card machine the card service calls offline
// is named offline in the top bar and on the Terminals screen (under the name the shop gave it),
// and the sandbox banner stops calling the printer a stand-in once a real one prints receipts; the
// Audit screen words those changes with no id, address or code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { goToScreen, pageProblems } from './support/browser';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { call } from './sell-support';
import { basketEndingIn } from '../support/till';

import { internalsIn } from '../unit/i18n/staff-words';

const TILL_1 = '22900001';

let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;

before(async () => {
  ({ host, page, close } = await openStaffedTill());
});

after(() => close?.());

const cardPill = () => page.getByTestId('status-payAtCounter');
const terminalRow = (name: string) =>
  page.getByRole('table', { name: 'Card terminals' }).getByTestId('terminal-row').filter({ hasText: name });

test('a card machine renamed on the Terminals screen goes by that name', async () => {
  await goToScreen(page, 'Terminals');
  await page.getByRole('button', { name: 'Rename Card machine ending 0001' }).click();
  const form = page.getByRole('form', { name: 'Rename Card machine ending 0001' });
  await form.getByLabel('Name').fill('Till 1');
  await form.getByRole('button', { name: 'Save name' }).click();
  await terminalRow('Till 1').waitFor();
  const saved = await call(host, 'settings.get', {});
  assert.equal(saved.settings.payAtCounter.terminalNames[TILL_1], 'Till 1');
});

test('a card machine the service calls offline is offline in the top bar and on the Terminals screen', async () => {
  assert.doesNotMatch(await cardPill().innerText(), /offline/);
  // The sandbox card machine answers "offline" (404) to a payment whose total ends in 09.
  const { products } = await call(host, 'catalogue.get', {});
  const sale = await call(host, 'sales.open', { lines: basketEndingIn(products, 9) });
  const refused = await host.till.dispatch('sales.payCard', {
    saleId: sale.saleId,
    terminalId: TILL_1,
    amount: sale.total,
  });
  assert.equal(refused.ok, false);
  await cardPill().filter({ hasText: 'Card service: online (sandbox) · Till 1 offline' }).waitFor();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await terminalRow('Till 1').filter({ hasText: 'Offline' }).waitFor();
  assert.match(await terminalRow('Card machine ending 0002').innerText(), /Available/);
  await call(host, 'sales.abandon', { saleId: sale.saleId });
});

test('with a real receipt printer set, the sandbox banner no longer calls the printer a stand-in', async () => {
  const banner = page.getByRole('note', { name: 'Sandbox mode' });
  await banner.getByText('Card machines, supplier and printer are stand-ins.').waitFor();
  const current = (await call(host, 'settings.get', {})).settings.printers;
  // Nothing listens on port 9: the printer is real but offline, and the banner still says so.
  await call(host, 'settings.update', {
    patch: {
      printers: [
        ...current,
        { id: 'counter', name: 'Counter printer', transport: 'network', address: '127.0.0.1:9' },
      ],
      receiptPrinterId: 'counter',
    },
  });
  await banner.getByText(/receipts print on the real printer/).waitFor();
  assert.doesNotMatch(await banner.innerText(), /printer are stand-ins/);
  // The printer pill's detail (its tooltip) words the refused connection, not the socket error.
  const printerPill = page.getByTestId('status-printer');
  await printerPill.filter({ hasText: 'offline' }).waitFor();
  assert.deepEqual(internalsIn((await printerPill.getAttribute('title')) ?? ''), []);
  assert.deepEqual(pageProblems(page), []);
});

test('the Audit screen words those changes without an id, an address or a code', async () => {
  await goToScreen(page, 'Audit');
  const trail = page.getByRole('table', { name: 'Audit trail' });
  // The card machine named on the Terminals screen, by its last digits; the printer by its name.
  await trail.getByText('Name of card machine ending 0001: Till 1').waitFor();
  await trail.getByText(/Printers: On-screen preview → On-screen preview, Counter printer/).waitFor();
  const lines = (await trail.innerText()).split('\n');
  assert.deepEqual(
    lines.flatMap((line) => internalsIn(line).map((what) => `${what}: ${line}`)),
    [],
  );
  assert.ok(!lines.some((line) => line.includes(TILL_1) || line.includes('127.0.0.1')));
});
