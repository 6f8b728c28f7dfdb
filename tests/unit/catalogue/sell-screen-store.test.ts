// The Sell screen's side of catalogue changes, against a fake till: a `catalogue.changed` event
// reloads the index at once, the basket keeps the price each line went in at (and sends it, so the
// services can refuse a changed one), "Use new price" takes the catalogue's, a refused sale reloads
// the catalogue, barcodes scan, and tiles take their product's or category's colour.
import '../../support/words';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError, type Catalogue } from '../../../shared/contract';
import { changedPrices } from '../../../renderer/src/state/basket';
import { tileColour } from '../../../renderer/src/state/catalogue-index';
import { followTillEvents } from '../../../renderer/src/state/events';
import { createPrintingStore } from '../../../renderer/src/state/printing';
import { createSaleStore } from '../../../renderer/src/state/sale';
import { createSettingsStore } from '../../../renderer/src/state/settings';
import { createShellStore } from '../../../renderer/src/state/shell';
import { settleMicrotasks } from '../../support/manual-clock';
import { CATALOGUE, FakeTill, saleView } from '../renderer/fake-till';

function repriced(catalogue: Catalogue, productId: string, price: number): Catalogue {
  return {
    ...catalogue,
    products: catalogue.products.map((p) => (p.id === productId ? { ...p, price } : p)),
  };
}

async function setUp() {
  let current: Catalogue = CATALOGUE;
  const fake = new FakeTill().answer('catalogue.get', () => current);
  const sale = createSaleStore(fake);
  const stop = followTillEvents(fake, {
    shell: createShellStore(fake),
    sale,
    printing: createPrintingStore(fake),
    settings: createSettingsStore(fake),
  });
  await sale.getState().loadCatalogue();
  return { fake, sale, stop, setCatalogue: (next: Catalogue) => (current = next) };
}

test('a catalogue change reloads the index at once; the basket keeps its price until the cashier accepts the new one', async () => {
  const { fake, sale, stop, setCatalogue } = await setUp();
  try {
    sale.getState().add('p1');
    sale.getState().add('p1');
    assert.deepEqual(sale.getState().lines, [{ productId: 'p1', quantity: 2, unitPrice: 320 }]);

    setCatalogue(repriced(CATALOGUE, 'p1', 350));
    fake.emit('catalogue.changed', { version: 2 });
    await settleMicrotasks();
    const index = sale.getState().index!;
    assert.equal(index.byId.get('p1')!.price, 350, 'the Sell screen sees the new price');
    assert.deepEqual(
      changedPrices(sale.getState().lines, index).map((l) => l.productId),
      ['p1'],
    );

    fake.answer('sales.open', () => {
      throw new TillError('price_changed', 'The price changed: Flat white is now £3.50 (was £3.20).');
    });
    await sale.getState().pay();
    assert.deepEqual(fake.callsOf('sales.open'), [
      { lines: [{ productId: 'p1', quantity: 2, unitPrice: 320 }] },
    ]);
    assert.match(sale.getState().problem ?? '', /price changed/);
    assert.equal(sale.getState().sale, null);

    sale.getState().useNewPrices();
    assert.deepEqual(sale.getState().lines, [{ productId: 'p1', quantity: 2, unitPrice: 350 }]);
    assert.equal(sale.getState().problem, null);
    assert.deepEqual(changedPrices(sale.getState().lines, sale.getState().index!), []);
    fake.answer('sales.open', () => saleView());
    await sale.getState().pay();
    assert.deepEqual(fake.callsOf('sales.open').at(-1), {
      lines: [{ productId: 'p1', quantity: 2, unitPrice: 350 }],
    });
  } finally {
    stop();
  }
});

test('a sale refused for a changed price reloads the catalogue even when the event was missed', async () => {
  const { fake, sale, stop, setCatalogue } = await setUp();
  try {
    sale.getState().add('p3');
    setCatalogue(repriced(CATALOGUE, 'p3', 310));
    fake.answer('sales.open', () => {
      throw new TillError('price_changed', 'The price changed.');
    });
    await sale.getState().pay();
    await settleMicrotasks();
    assert.equal(sale.getState().index!.byId.get('p3')!.price, 310);
    assert.equal(changedPrices(sale.getState().lines, sale.getState().index!).length, 1);
  } finally {
    stop();
  }
});

test('a scanned barcode finds its product before any SKU; tiles take the product’s or the category’s colour', async () => {
  const { sale, stop } = await setUp();
  try {
    sale.getState().scan('5000000000047');
    assert.deepEqual(sale.getState().lines, [{ productId: 'p4', quantity: 1, unitPrice: 475 }]);
    assert.equal(sale.getState().note, 'Scanned: Sourdough loaf');
    const index = sale.getState().index!;
    assert.equal(tileColour(index, index.byId.get('p1')!), '#8d5b3e', 'its category’s');
    assert.equal(tileColour(index, { ...index.byId.get('p1')!, colour: '#112233' }), '#112233', 'its own');
    assert.equal(tileColour(index, index.byId.get('p3')!), null, 'Bakery has no colour');
  } finally {
    stop();
  }
});
