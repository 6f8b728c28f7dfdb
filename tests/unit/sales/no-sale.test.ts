// No-sale: needs a supervisor or manager; journaled with who and why before the drawer is asked;
// the drawer kick (ESC p 0 25 250) reaches the printer; with no drawer set up it is still
// journaled and the cashier is told to use the key.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setUpStaff, TEST_STAFF, type TestStaff } from '../../support/staff';
import { startPrinterEmulator, type PrinterEmulator } from '../../support/printer-emulator';
import { startTestTill, type TestTill } from '../../support/till';

const KICK = Buffer.from([0x1b, 0x70, 0x00, 25, 250]);

let t: TestTill;
let staff: TestStaff;
let emulator: PrinterEmulator;

before(async () => {
  emulator = await startPrinterEmulator();
  t = await startTestTill();
  staff = await setUpStaff(t.call, { signIn: 'cashier' });
});
after(async () => {
  await t.close();
  await emulator.close();
});

test('with no drawer set up, a No-sale is journaled with who and why, and says to use the key', async () => {
  await staff.signIn('supervisor');
  const noSale = await t.call('counter.noSale', { reason: 'Change for the float' });
  assert.equal(noSale.drawer, 'no_drawer');
  assert.match(noSale.message, /open the drawer with its key/);
  assert.equal(noSale.by?.name, TEST_STAFF.supervisor.name);
  const [journaled] = await t.call('counter.noSales', { limit: 1 });
  assert.deepEqual(journaled, noSale);
});

test('a cashier needs a supervisor’s approval; the kick reaches the printer and the journal names both', async () => {
  await staff.signIn('manager');
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
  await staff.signIn('cashier');
  const before = (await t.call('counter.noSales', { limit: 10 })).length;
  const refused = await t.failure('counter.noSale', { reason: 'Customer needs change' });
  assert.equal(refused.code, 'not_allowed');
  assert.match(refused.message, /Opening the drawer without a sale needs a supervisor or manager/);
  assert.equal((await t.call('counter.noSales', { limit: 10 })).length, before, 'nothing journaled');
  assert.equal(emulator.received().indexOf(KICK), -1, 'the drawer did not open');

  await t.call('manager.unlock', { pin: TEST_STAFF.supervisor.pin, action: 'no-sale' });
  const noSale = await t.call('counter.noSale', { reason: 'Customer needs change' });
  assert.equal(noSale.drawer, 'opened');
  assert.deepEqual(noSale.by, {
    id: staff.people.cashier.id,
    name: TEST_STAFF.cashier.name,
    approvedBy: { id: staff.people.supervisor.id, name: TEST_STAFF.supervisor.name },
  });
  assert.equal(noSale.reason, 'Customer needs change');
  await emulator.waitUntil(
    () => emulator.received().includes(KICK),
    10_000,
    'the five-byte kick ESC p 0 25 250 at the printer',
  );
  const jobs = await t.call('printing.jobs', { limit: 5 });
  assert.ok(jobs.some((j) => j.receiptId === `no-sale-${noSale.noSaleId}`));
});

test('a reason is required', async () => {
  const refused = await t.failure('counter.noSale', { reason: '   ' });
  assert.equal(refused.code, 'invalid_input');
});
