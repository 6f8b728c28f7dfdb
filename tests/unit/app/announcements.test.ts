// What the screens are told as the shop works, with what they need in it: a merchant sign-in
// begun (and the top bar following), a product saved (the catalogue's new version), a new member
// of staff, a supplies order placed (which one), a card refund moving on (and the sale showing
// what went back), a receipt printer that stops answering (no job in it).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { printerSchema } from '../../../shared/settings';
import { startStaffedTill, type StaffedTill } from '../../support/staffed-till';
import { startPrinterEmulator } from '../../support/printer-emulator';
import { startAppTill } from './support';
import { GOOD_ADDRESS } from '../supplies/support';
import { cardBasket, paidSale, TERMINAL } from '../history/support';
import type { EventName, EventPayload } from '../../../shared/contract';

let s: StaffedTill;
const seen: Array<{ event: EventName; payload: unknown }> = [];

before(async () => {
  s = await startStaffedTill();
  s.t.till.events.subscribe((event, payload) => seen.push({ event, payload }));
});
after(() => s?.t.close());

/** The payloads of `event` announced since `from`. */
function announced<E extends EventName>(event: E, from: number): Array<EventPayload<E>> {
  return seen
    .slice(from)
    .filter((e) => e.event === event)
    .map((e) => e.payload as EventPayload<E>);
}

test('a merchant sign-in begun is announced, and the top bar says it waits for the dashboard', async () => {
  const t = await startAppTill({ openExternal: async () => {} });
  try {
    const from = t.events.length;
    const status = await t.call('merchant.connect', {});
    assert.equal(status.state, 'signing_in');
    const last = t.events
      .slice(from)
      .filter((e) => e.event === 'merchant.changed')
      .at(-1);
    assert.deepEqual(last?.payload, status, 'the screen is told what the call answered');
    const merchant = (await t.call('status.get', {})).connections.find((c) => c.service === 'merchant');
    assert.deepEqual(
      [merchant?.state, merchant?.detail],
      ['signing_in', 'Waiting for the sign-in on the dashboard’s page.'],
    );
  } finally {
    await t.close();
  }
});

test('each product saved is announced with the catalogue’s new version', async () => {
  const from = seen.length;
  const product = s.products[0]!;
  await s.t.call('catalogue.saveProduct', { ...product, name: `${product.name} (large)` });
  await s.t.call('catalogue.saveProduct', { ...product, name: `${product.name} (small)` });
  const [first, second] = announced('catalogue.changed', from);
  assert.equal(typeof first?.version, 'number');
  assert.equal(second?.version, first!.version + 1);
});

test('a new member of staff is announced with the people the sign-in screen lists', async () => {
  const from = seen.length;
  await s.t.call('staff.add', { name: 'Robin', pin: '5827', role: 'cashier' });
  const last = announced('staff.changed', from).at(-1);
  assert.ok(last?.people.some((p) => p.name === 'Robin'));
});

test('a supplies order placed is announced with its order number', async () => {
  const [product] = (await s.t.call('supplies.products', {})).products.filter(
    (p) => p.inventory === 'inStock',
  );
  const from = seen.length;
  const placed = await s.t.call('supplies.placeOrder', {
    lines: [{ productId: product!.id, quantity: 2 }],
    address: { ...GOOD_ADDRESS },
    confirmRepeat: false,
  });
  assert.equal(placed.outcome, 'placed');
  const orderId = placed.outcome === 'placed' ? placed.order.id : -1;
  assert.deepEqual(announced('supplies.changed', from).at(-1), { orderId });
});

test('a card refund is announced as it finishes, and the sale shows what went back by card', async () => {
  const sale = await paidSale(s.t, cardBasket(s.products, 1), 'all');
  const other = await paidSale(s.t, cardBasket(s.products, 1), 'all');
  const started = await s.t.call('history.refund', {
    saleId: sale.saleId,
    lines: [{ lineIndex: 0, quantity: 1 }],
    cardAmount: sale.total,
    card: { paymentId: sale.tenders[0]!.paymentId!, terminalId: TERMINAL },
    reason: 'Wrong size',
  });
  assert.equal(started.state, 'card_pending');
  const done = await s.t.waitForEvent(
    'history.refundUpdated',
    (r) => r.refundId === started.refundId && r.state !== 'card_pending',
  );
  assert.equal(done.state, 'completed');
  assert.equal((await s.t.call('sales.get', { saleId: sale.saleId })).refunded, sale.total);
  assert.equal((await s.t.call('sales.get', { saleId: other.saleId })).refunded, 0);
});

test('a receipt printer that stops answering is announced with no job in it', async () => {
  const emulator = await startPrinterEmulator();
  try {
    s.t.till.settings.update({
      printers: [printerSchema.parse({ id: 'counter', transport: 'network', address: emulator.address })],
      receiptPrinterId: 'counter',
    });
    await s.t.waitForEvent('status.changed', (st) => st.printer.state === 'ready');
    await emulator.setRefusing(true);
    const from = seen.length;
    await s.t.call('printing.testPage', {});
    await s.t.waitForEvent('status.changed', (st) => st.printer.state === 'offline');
    assert.ok(announced('printing.changed', from).some((p) => p.job === null));
  } finally {
    s.t.till.settings.update({
      printers: [printerSchema.parse({ id: 'preview', transport: 'preview' })],
      receiptPrinterId: 'preview',
    });
    await emulator.close();
  }
});
