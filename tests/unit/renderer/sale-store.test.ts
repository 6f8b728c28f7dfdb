// The Sell screen's store against a fake contract client: the basket, opening and paying a
// sale, card payment views racing events, resuming after a reload, and refunds that wait
// for the manager's PIN.
import '../../support/words';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract';
import { createSaleStore } from '../../../renderer/src/state/sale';
import { REFUND_NEEDS_MANAGER } from '../../../renderer/src/state/card-payment';
import { ManualClock } from '../../support/manual-clock';
import { CATALOGUE, FakeTill, notAllowed, paymentView, saleView } from './fake-till';

async function storeWithCatalogue(fake = new FakeTill()) {
  fake.answer('catalogue.get', () => CATALOGUE);
  const clock = new ManualClock();
  const store = createSaleStore(fake, clock);
  await store.getState().loadCatalogue();
  return { fake, store, clock };
}

test('the catalogue loads once; a failure is kept in cashier words', async () => {
  const { fake, store } = await storeWithCatalogue();
  await store.getState().loadCatalogue();
  assert.equal(fake.callsOf('catalogue.get').length, 1);
  assert.equal(store.getState().index?.all.length, 4);

  const failing = new FakeTill().answer('catalogue.get', () => {
    throw new TillError('storage', 'The product list is damaged.');
  });
  const other = createSaleStore(failing);
  await other.getState().loadCatalogue();
  assert.equal(other.getState().index, null);
  assert.equal(other.getState().catalogueError, 'The product list is damaged.');
});

test('scanning adds the product with that barcode, and says when none has it', async () => {
  const { store } = await storeWithCatalogue();
  store.getState().scan('cof-001');
  store.getState().scan('COF-001');
  assert.deepEqual(store.getState().lines, [{ productId: 'p1', quantity: 2, unitPrice: 320 }]);
  assert.equal(store.getState().note, 'Scanned: Flat white');
  store.getState().scan('0000');
  assert.equal(store.getState().note, 'No product has the barcode 0000.');
  assert.deepEqual(store.getState().lines, [{ productId: 'p1', quantity: 2, unitPrice: 320 }]);
});

test('paying opens the sale from the basket; the basket is then fixed', async () => {
  const { fake, store } = await storeWithCatalogue();
  fake.answer('sales.open', () => saleView());
  const s = store.getState();
  s.add('p1');
  s.setQuantity('p1', 2);
  s.add('p3');
  s.add('p2');
  s.remove('p2');
  await store.getState().pay();
  assert.deepEqual(fake.callsOf('sales.open'), [
    {
      lines: [
        { productId: 'p1', quantity: 2, unitPrice: 320 },
        { productId: 'p3', quantity: 1, unitPrice: 295 },
      ],
    },
  ]);
  assert.equal(store.getState().phase, 'tender');
  assert.equal(store.getState().sale?.total, 935);

  store.getState().add('p4');
  store.getState().clear();
  store.getState().scan('BAK-XL');
  assert.equal(store.getState().lines.length, 2, 'no change once the sale is open');
  assert.equal(store.getState().note, 'Finish or abandon this sale before scanning the next item.');
});

test('a basket given away in full opens already paid: the screen shows it completed, and no card is asked', async () => {
  const { fake, store } = await storeWithCatalogue();
  fake.answer('sales.open', () => saleView({ state: 'completed', total: 0, paid: 0, due: 0 }));
  store.getState().add('p1');
  store.getState().setBasketDiscount({ kind: 'percent', basisPoints: 10000 });
  await store.getState().payByCard();
  assert.equal(store.getState().phase, 'completed');
  assert.equal(fake.callsOf('sales.payCard').length, 0);
});

test('cash that covers the sale completes it', async () => {
  const { fake, store } = await storeWithCatalogue();
  fake
    .answer('sales.open', () => saleView())
    .answer('sales.payCash', ({ amountGiven }) =>
      saleView({ state: 'completed', paid: 935, due: 0, change: amountGiven - 935 }),
    );
  store.getState().add('p1');
  await store.getState().pay();
  await store.getState().payCash(1000);
  assert.equal(store.getState().phase, 'completed');
  assert.equal(store.getState().sale?.change, 65);
  store.getState().newSale();
  assert.deepEqual(
    { lines: store.getState().lines, sale: store.getState().sale, phase: store.getState().phase },
    { lines: [], sale: null, phase: 'basket' },
  );
});

test('a card payment is followed: an event that beat the call answer is not lost', async () => {
  const { fake, store } = await storeWithCatalogue();
  const finished = paymentView({
    state: 'finished',
    successful: true,
    updatedAt: '2026-11-23T09:00:09.000Z',
  });
  fake
    .answer('sales.open', () => saleView())
    .answer('sales.payCard', () => {
      // A fast card machine: its final event arrives before the start call answers.
      store.getState().applyPayment(finished);
      return paymentView({ state: 'starting' });
    });
  store.getState().add('p1');
  await store.getState().pay();
  store.getState().setTerminal('22900001');
  await store.getState().payCard(935);
  assert.deepEqual(fake.callsOf('sales.payCard'), [
    { saleId: 'sale-1', terminalId: '22900001', amount: 935 },
  ]);
  assert.equal(store.getState().phase, 'payment');
  assert.equal(store.getState().payment?.state, 'finished');

  // Older views and other payments' events do not replace the one on screen.
  store.getState().applyPayment(paymentView({ state: 'in_progress', updatedAt: '2026-11-23T09:00:05.000Z' }));
  store.getState().applyPayment(paymentView({ paymentId: 'pay-other', state: 'unknown' }));
  assert.equal(store.getState().payment?.state, 'finished');

  // The sale's completion arrives as its own event.
  store.getState().applySale(saleView({ saleId: 'sale-other', state: 'completed' }));
  assert.equal(store.getState().phase, 'payment');
  store.getState().applySale(saleView({ state: 'completed', paid: 935, due: 0 }));
  assert.equal(store.getState().phase, 'completed');
});

/** A card sale whose completion arrives (as events) while the card call's answer is still out. */
async function cardSaleCompletedBeforeItsAnswer() {
  const { fake, store } = await storeWithCatalogue();
  let answer = (_view: ReturnType<typeof paymentView>) => undefined as void;
  fake
    .answer('sales.open', () => saleView())
    .answer('sales.payCard', () => new Promise((resolve) => (answer = resolve)));
  store.getState().add('p1');
  await store.getState().pay();
  store.getState().setTerminal('22900001');
  const paying = store.getState().payCard(935);
  store.getState().applySale(saleView({ state: 'completed', paid: 935, due: 0 }));
  assert.deepEqual([store.getState().phase, store.getState().busy], ['completed', true]);
  return { store, paying, answer };
}

test('Esc in the first instant after a card sale starts the next sale once the card call is back, not before', async () => {
  const { store, paying, answer } = await cardSaleCompletedBeforeItsAnswer();
  store.getState().askNextSale();
  assert.equal(store.getState().phase, 'completed', 'the completed sale stays until its call is back');
  assert.equal(store.getState().sale?.saleId, 'sale-1');

  answer(paymentView({ state: 'finished', successful: true }));
  await paying;
  const { phase, sale, payment, lines, busy, nextSaleAsked } = store.getState();
  assert.deepEqual(
    { phase, sale, payment, lines, busy, nextSaleAsked },
    { phase: 'basket', sale: null, payment: null, lines: [], busy: false, nextSaleAsked: false },
  );
});

test('a next sale asked for while a call is out waits when that call fails: its problem stays on screen', async () => {
  const { fake, store } = await storeWithCatalogue();
  let fail = (_e: Error) => undefined as void;
  fake
    .answer('sales.open', () => saleView())
    .answer('sales.payCash', () => saleView({ state: 'completed', paid: 935, due: 0, change: 65 }))
    .answer('counter.printReceipt', () => new Promise((_resolve, reject) => (fail = reject)));
  store.getState().add('p1');
  await store.getState().pay();
  await store.getState().payCash(1000);
  const printing = store.getState().printReceipt();
  store.getState().askNextSale();
  fail(new TillError('storage', 'The receipt could not be kept for printing.'));
  await printing;
  assert.equal(store.getState().phase, 'completed');
  assert.equal(store.getState().problem, 'The receipt could not be kept for printing.');
  assert.equal(store.getState().nextSaleAsked, false, 'a later call does not start the next sale by itself');

  // Asked again with nothing out: at once.
  store.getState().askNextSale();
  assert.equal(store.getState().phase, 'basket');
});

test('the Esc key on a completed sale is taken while a call is out; on a sale being paid it is not', async () => {
  const { useSale } = await import('../../../renderer/src/state/sale');
  const { handleSellKey } = await import('../../../renderer/src/screens/sell/useSellKeys');
  const esc = { key: 'Escape', target: null };
  const before = useSale.getState();
  try {
    useSale.setState({ phase: 'completed', sale: saleView({ state: 'completed' }), busy: true });
    assert.equal(
      handleSellKey(esc, () => false),
      true,
    );
    assert.equal(useSale.getState().nextSaleAsked, true);
    assert.equal(useSale.getState().phase, 'completed');

    useSale.setState({ phase: 'completed', busy: false, nextSaleAsked: false });
    assert.equal(
      handleSellKey(esc, () => false),
      true,
    );
    assert.equal(useSale.getState().phase, 'basket');

    useSale.setState({ phase: 'tender', sale: saleView({ paid: 0 }), busy: true });
    assert.equal(
      handleSellKey(esc, () => false),
      false,
      'busy at the tender: Esc waits for nothing',
    );
    assert.equal(useSale.getState().phase, 'tender');
  } finally {
    useSale.setState(before, true);
  }
});

test('after a part card payment, leaving the payment goes back to the tender for cash', async () => {
  const { fake, store } = await storeWithCatalogue();
  fake
    .answer('sales.open', () => saleView())
    .answer('sales.payCard', () => paymentView({ amount: 500, state: 'finished', successful: true }));
  store.getState().add('p1');
  await store.getState().pay();
  store.getState().setTerminal('22900001');
  await store.getState().payCard(500);
  store.getState().leavePayment();
  assert.equal(store.getState().phase, 'tender');
  assert.equal(store.getState().tenderMethod, 'cash');
  assert.equal(store.getState().payment, null);
});

test('a card service out of reach is worded for the cashier and its time noted', async () => {
  const { fake, store, clock } = await storeWithCatalogue();
  fake
    .answer('sales.open', () => saleView())
    .answer('sales.payCard', () => {
      throw new TillError('unreachable', 'connect ECONNREFUSED');
    });
  store.getState().add('p1');
  await store.getState().pay();
  store.getState().setTerminal('22900001');
  await store.getState().payCard(935);
  const s = store.getState();
  assert.equal(
    s.problem,
    'The card service cannot be reached. Take cash, or take the card on the card machine on its own.',
  );
  assert.equal(s.cardServiceDownAt, new Date(clock.now()).toISOString());
  assert.equal(s.phase, 'tender');
  assert.equal(s.busy, false);
});

test('reload: a card payment still in flight comes back with its sale and basket', async () => {
  const fake = new FakeTill()
    .answer('payments.active', () => [
      paymentView({ paymentId: 'dup', type: 'DUPLICATE', saleId: null }),
      paymentView({ terminalId: '22900002' }),
    ])
    .answer('sales.get', ({ saleId }) => saleView({ saleId }));
  const { store } = await storeWithCatalogue(fake);
  await store.getState().resume();
  const s = store.getState();
  assert.equal(s.phase, 'payment');
  assert.equal(s.payment?.paymentId, 'pay-1');
  assert.equal(s.terminalId, '22900002');
  assert.equal(s.sale?.saleId, 'sale-1');
  assert.deepEqual(s.lines, [
    { productId: 'p1', quantity: 2, unitPrice: 320 },
    { productId: 'p3', quantity: 1, unitPrice: 295 },
  ]);
});

test('reload: a part-paid sale comes back at the tender, for cash', async () => {
  const fake = new FakeTill()
    .answer('payments.active', () => [])
    .answer('sales.recent', () => [
      saleView({ saleId: 'done', state: 'completed', paid: 935, due: 0 }),
      saleView({ saleId: 'part', paid: 500, due: 435 }),
    ]);
  const { store } = await storeWithCatalogue(fake);
  await store.getState().resume();
  const s = store.getState();
  assert.equal(s.sale?.saleId, 'part');
  assert.equal(s.phase, 'tender');
  assert.equal(s.tenderMethod, 'cash');
  assert.equal(s.lines.length, 2);
});

test('reload with nothing in flight, or the services not up: the cashier starts afresh', async () => {
  const quiet = new FakeTill().answer('payments.active', () => []).answer('sales.recent', () => []);
  const a = (await storeWithCatalogue(quiet)).store;
  await a.getState().resume();
  assert.deepEqual([a.getState().phase, a.getState().sale, a.getState().lines], ['basket', null, []]);

  const down = new FakeTill(); // every call fails
  const b = (await storeWithCatalogue(down)).store;
  await b.getState().resume();
  assert.deepEqual([b.getState().phase, b.getState().problem], ['basket', null]);
});

test('a refused refund waits for the manager PIN, then is sent again as it was', async () => {
  const { fake, store } = await storeWithCatalogue();
  let unlocked = false;
  fake
    .answer('payments.refund', (input) => {
      if (!unlocked) throw notAllowed();
      return paymentView({ paymentId: 'refund-1', type: 'REFUND', saleId: null, amount: input.amount });
    })
    .answer('manager.unlock', ({ pin }) => {
      if (pin !== '2468')
        return { ok: false, reason: 'wrong', message: 'That PIN is not right.', retryAfterMs: 0 };
      unlocked = true;
      return { ok: true, unlockedUntil: '2026-11-23T09:05:00.000Z' };
    });
  store.getState().setPhase('refunds');
  await store.getState().refund('22900001', 450, 'pay-9');
  assert.equal(store.getState().managerNeeded, REFUND_NEEDS_MANAGER);
  assert.equal(store.getState().problem, 'This needs the manager PIN.');
  assert.equal(store.getState().phase, 'refunds');

  await store.getState().unlockManager('1111');
  assert.equal(store.getState().problem, 'That PIN is not right.');
  assert.equal(store.getState().managerNeeded, REFUND_NEEDS_MANAGER, 'still waiting for the manager');
  assert.equal(fake.callsOf('payments.refund').length, 1, 'a wrong PIN sends nothing again');

  await store.getState().unlockManager('2468');
  assert.deepEqual(fake.callsOf('payments.refund'), [
    { terminalId: '22900001', amount: 450, originalPaymentId: 'pay-9' },
    { terminalId: '22900001', amount: 450, originalPaymentId: 'pay-9' },
  ]);
  const s = store.getState();
  assert.equal(s.managerNeeded, null);
  assert.equal(s.problem, null);
  assert.equal(s.busy, false);
  assert.equal(s.phase, 'payment');
  assert.equal(s.payment?.paymentId, 'refund-1');

  // Done with the refund: back to the refunds list.
  store.getState().leavePayment();
  assert.equal(store.getState().phase, 'refunds');
});

test('a standalone refund allowed at once sends no original payment and needs no PIN', async () => {
  const { fake, store } = await storeWithCatalogue();
  fake.answer('payments.refund', () => paymentView({ paymentId: 'refund-2', type: 'REFUND', saleId: null }));
  await store.getState().refund('22900001', 1200);
  assert.deepEqual(fake.callsOf('payments.refund'), [{ terminalId: '22900001', amount: 1200 }]);
  assert.equal(store.getState().managerNeeded, null);
  assert.equal(fake.callsOf('manager.unlock').length, 0);
});
