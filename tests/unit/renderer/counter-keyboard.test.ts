// The Sell screen's counter in its store, against a fake contract client: a typed quantity goes
// with the next product; the search ranks names that start with what was typed first (so Enter
// adds the likely one); discounts and price changes go to the services as intents, never totals;
// a refused discount waits for a supervisor's PIN for that action and is sent again; exact cash
// opens the sale and pays what the services say is due.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError, type Product } from '../../../shared/contract';
import { filterProducts, indexCatalogue, productForEnter } from '../../../renderer/src/state/catalogue-index';
import { createSaleStore } from '../../../renderer/src/state/sale';
import { ManualClock } from '../../support/manual-clock';
import { CATALOGUE, FakeTill, PRODUCTS, saleView } from './fake-till';

async function storeWithCatalogue(fake = new FakeTill()) {
  fake.answer('catalogue.get', () => CATALOGUE);
  const store = createSaleStore(fake, new ManualClock());
  await store.getState().loadCatalogue();
  return { fake, store };
}

test('a typed quantity goes with the next product only', async () => {
  const { store } = await storeWithCatalogue();
  store.getState().setPendingQuantity(3);
  store.getState().add('p1');
  store.getState().add('p2');
  assert.deepEqual(
    store.getState().lines.map((l) => [l.productId, l.quantity]),
    [
      ['p1', 3],
      ['p2', 1],
    ],
  );
  assert.equal(store.getState().pendingQuantity, null);
});

test('the search puts names starting with the text first, then words starting with it, then the rest', () => {
  const base = PRODUCTS[0]!;
  const named = (id: string, name: string): Product => ({ ...base, id, sku: `SKU-${id}`, name });
  const index = indexCatalogue({
    ...CATALOGUE,
    products: [
      named('a', 'Iced latte'),
      named('b', 'Chocolate'),
      named('c', 'Latte'),
      named('d', 'Chai latte'),
    ],
  });
  assert.deepEqual(
    filterProducts(index, '', 'lat').map((p) => p.name),
    ['Latte', 'Iced latte', 'Chai latte', 'Chocolate'],
  );
  assert.deepEqual(
    filterProducts(index, '', 'LATTE').map((p) => p.name),
    ['Latte', 'Iced latte', 'Chai latte'],
  );
});

test('Enter acts on what was typed even before the grid catches up, and on the highlighted match once it has', () => {
  const base = PRODUCTS[0]!;
  const named = (id: string, name: string): Product => ({ ...base, id, sku: `SKU-${id}`, name });
  const index = indexCatalogue({
    ...CATALOGUE,
    products: [named('a', 'Latte'), named('b', 'Iced latte'), named('c', 'Flapjack')],
  });
  const enter = (typed: string, shownQuery: string, highlight = 0) =>
    productForEnter(index, '', typed, { query: shownQuery, highlight })?.name ?? null;
  // The grid still shows the results for "la" (or for nothing) while "flapj" is in the field.
  assert.equal(enter('flapj', 'la'), 'Flapjack');
  assert.equal(enter('flapj', '', 1), 'Flapjack', 'a highlight from the old results is not used');
  // Caught up: the arrows' highlight picks among several matches; past the end stays on the last.
  assert.equal(enter('lat', 'lat', 0), 'Latte');
  assert.equal(enter('lat', 'lat', 1), 'Iced latte');
  assert.equal(enter('lat', 'lat', 9), 'Iced latte');
  // A SKU typed in full is that product; nothing matching is nothing (the screen says so).
  assert.equal(enter('SKU-c', 'SKU'), 'Flapjack');
  assert.equal(enter('zzz', 'zz'), null);
  assert.equal(enter('  ', ''), null);
});

test('discounts go to the services as intents; a refused one waits for a supervisor, then is sent again', async () => {
  const { fake, store } = await storeWithCatalogue();
  let approved = false;
  fake.answer('sales.open', () => {
    if (!approved) throw new TillError('not_allowed', 'A discount this large needs a supervisor or manager.');
    return saleView({ total: 700, due: 700 });
  });
  fake.answer('manager.unlock', (input) => {
    approved = input.pin === '3691';
    return approved
      ? { ok: true, unlockedUntil: '2026-11-23T10:00:00.000Z', approvedBy: 'Sasha' }
      : { ok: false, reason: 'wrong', message: 'Wrong PIN.', retryAfterMs: 0 };
  });
  const s = store.getState();
  s.add('p1');
  s.setLineDiscount('p1', { kind: 'amount', minor: 20 });
  s.setBasketDiscount({ kind: 'percent', basisPoints: 2500 });
  await store.getState().pay();
  assert.equal(store.getState().sale, null);
  assert.equal(store.getState().counterNeeded, 'this needs a supervisor or manager');
  assert.match(store.getState().problem ?? '', /discount this large/);

  await store.getState().approveCounter('3691');
  assert.deepEqual(fake.callsOf('manager.unlock'), [{ pin: '3691', action: 'discount' }]);
  assert.equal(store.getState().sale?.total, 700, 'the services’ total is shown');
  assert.equal(store.getState().counterNeeded, null);
  const sent = fake.callsOf('sales.open');
  assert.equal(sent.length, 2);
  assert.deepEqual(sent[1], {
    lines: [{ productId: 'p1', quantity: 1, unitPrice: 320, discount: { kind: 'amount', minor: 20 } }],
    discount: { kind: 'percent', basisPoints: 2500 },
  });
});

test('a price change is approved first, then a large discount, each once', async () => {
  const { fake, store } = await storeWithCatalogue();
  const approvals: string[] = [];
  fake.answer('sales.open', () => {
    if (!approvals.includes('price-override')) throw new TillError('not_allowed', 'Changing a price needs…');
    if (!approvals.includes('discount')) throw new TillError('not_allowed', 'A discount this large needs…');
    return saleView();
  });
  fake.answer('manager.unlock', (input) => {
    approvals.push(input.action!);
    return { ok: true, unlockedUntil: '2026-11-23T10:00:00.000Z' };
  });
  const s = store.getState();
  s.add('p1');
  s.setLinePrice('p1', { unitPrice: 200, reason: 'Damaged cup' });
  s.setLineDiscount('p1', { kind: 'percent', basisPoints: 5000 });
  await store.getState().pay();
  await store.getState().approveCounter('3691');
  await store.getState().approveCounter('3691');
  assert.deepEqual(approvals, ['price-override', 'discount']);
  assert.ok(store.getState().sale);
});

test('exact cash opens the sale and hands over what the services say is due', async () => {
  const { fake, store } = await storeWithCatalogue();
  fake.answer('sales.open', () => saleView({ total: 935, due: 935 }));
  fake.answer('sales.payCash', (input) =>
    saleView({ state: 'completed', paid: input.amountGiven, due: 0, total: 935 }),
  );
  store.getState().add('p1');
  await store.getState().payExactCash();
  assert.deepEqual(fake.callsOf('sales.payCash'), [{ saleId: 'sale-1', amountGiven: 935 }]);
  assert.equal(store.getState().phase, 'completed');
});

test('parking clears the basket; resuming brings it back whole, only into an empty basket', async () => {
  const { fake, store } = await storeWithCatalogue();
  const parked = {
    parkedId: 'park-1',
    lines: [
      {
        productId: 'p2',
        quantity: 2,
        unitPrice: 250,
        discount: { kind: 'percent' as const, basisPoints: 1000 },
      },
    ],
    discount: null,
    note: 'Blue coat',
    itemCount: 2,
    total: 450,
    currency: 'GBP',
    parkedBy: null,
    parkedAt: '2026-11-23T09:00:00.000Z',
  };
  let list = [parked];
  fake.answer('counter.park', () => parked);
  fake.answer('counter.parked', () => list);
  fake.answer('counter.resume', () => {
    list = [];
    return parked;
  });
  store.getState().add('p2');
  await store.getState().park('Blue coat');
  assert.deepEqual(store.getState().lines, []);
  assert.equal(store.getState().parked.length, 1);

  store.getState().add('p1');
  await store.getState().resumeParked('park-1');
  assert.equal(fake.callsOf('counter.resume').length, 0, 'not into a basket with items');
  store.getState().clear();
  await store.getState().resumeParked('park-1');
  assert.deepEqual(store.getState().lines, parked.lines);
  assert.deepEqual(store.getState().parked, []);
});
