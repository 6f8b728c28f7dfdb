// What a No-sale tells the person at the till, whole: the drawer outcome with its English words
// and catalogue key, with no drawer set up, with one on the receipt printer, and (on the No-sale
// journal alone, on a real SQLite file) when the kick cannot be sent to the printer at all.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startPrinterEmulator, type PrinterEmulator } from '../../support/printer-emulator';
import { startStaffedTill } from '../../support/staffed-till';
import type { TestTill } from '../../support/till';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../electron/services/storage/database';
import { NO_SALE_MIGRATIONS, NoSales } from '../../../electron/services/sales/no-sale';
import { ManualClock } from '../../support/manual-clock';

let t: TestTill;
let emulator: PrinterEmulator;

before(async () => {
  emulator = await startPrinterEmulator();
  ({ t } = await startStaffedTill()); // a manager serves: a No-sale needs no approval
});
after(async () => {
  await t.close();
  await emulator.close();
});

test('with no drawer set up, the No-sale is recorded and the cashier is told to use the key', async () => {
  const noSale = await t.call('counter.noSale', { reason: 'Change for the float' });
  assert.equal(noSale.drawer, 'no_drawer');
  assert.equal(
    noSale.message,
    'The No-sale is recorded, but no cash drawer is set up on the receipt printer: open the drawer with its key.',
  );
  assert.deepEqual(noSale.words, { key: 'noSale.drawer.no_drawer' });
  assert.equal(noSale.reason, 'Change for the float');
  assert.equal(noSale.by?.name, 'Morgan');
  assert.deepEqual((await t.call('counter.noSales', { limit: 1 }))[0], noSale);
});

test('with a drawer on the receipt printer, the No-sale says the drawer opened', async () => {
  await t.call('settings.update', {
    patch: {
      printers: [
        { id: 'preview', name: 'On-screen preview', transport: 'preview' },
        {
          id: 'counter',
          name: 'Counter',
          transport: 'network',
          address: emulator.address,
          drawer: { enabled: true, pin: 2 },
        },
      ],
      receiptPrinterId: 'counter',
    },
  });
  const noSale = await t.call('counter.noSale', { reason: 'Customer needs change' });
  assert.equal(noSale.drawer, 'opened');
  assert.equal(noSale.message, 'Drawer opened. The No-sale is recorded with your name and reason.');
  assert.deepEqual(noSale.words, { key: 'noSale.drawer.opened' });
  const recent = await t.call('counter.noSales', { limit: 2 });
  assert.deepEqual(
    recent.map((n) => [n.reason, n.drawer]),
    [
      ['Customer needs change', 'opened'],
      ['Change for the float', 'no_drawer'],
    ],
  );
});

test('when the kick cannot be sent, the No-sale is still recorded, says to use the key, and is logged', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-no-sale-'));
  const db = openDatabase(join(dir, 'no-sales.sqlite'), NO_SALE_MIGRATIONS, new ManualClock());
  const logged: string[] = [];
  try {
    const noSales = new NoSales({
      db,
      clock: new ManualClock(),
      openDrawer: async () => ({
        openDrawer: async () => {
          throw new Error('printer spool unavailable');
        },
      }),
      logger: { info: () => {}, warn: () => {}, error: (message: string) => logged.push(message) },
    });
    const noSale = await noSales.record('Till roll change', null);
    assert.equal(noSale.drawer, 'failed');
    assert.equal(
      noSale.message,
      'The No-sale is recorded, but the drawer could not be opened through the printer: open it with its key, and look at the printer.',
    );
    assert.deepEqual(noSale.words, { key: 'noSale.drawer.failed' });
    assert.deepEqual(noSales.recent(5), [noSale]);
    assert.deepEqual(logged, [`no-sale ${noSale.noSaleId}: the drawer kick could not be queued`]);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
