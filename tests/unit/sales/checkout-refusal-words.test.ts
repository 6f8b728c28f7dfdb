// Two checkout refusals as the screens get them (message and translation key), on the checkout's
// own parts over real SQLite files: a basket holding a product archived since it was scanned
// opens no sale, and cash of nothing on a sale is refused with nothing recorded.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { CATALOGUE_MIGRATIONS, ProductCatalogue } from '../../../electron/services/catalogue/store';
import { setArchived } from '../../../electron/services/catalogue/edits';
import { SALES_MIGRATIONS, SalesLedger } from '../../../electron/services/sales/sales-ledger';
import { Checkout } from '../../../electron/services/sales/checkout';
import type { PaymentService } from '../../../electron/services/payments/transaction-runner';
import { receiptSettingsFrom } from '../../../electron/services/sales/receipt-settings';
import { defaultSettings } from '../../../shared/settings';
import type { Product, SaleView } from '../../../shared/contract';
import { refusalOf } from '../../support/refusal';
import { ManualClock } from '../../support/manual-clock';

let dir: string;
let catalogueDb: Db;
let salesDb: Db;
let catalogue: ProductCatalogue;
let ledger: SalesLedger;
let checkout: Checkout;
let coffee: Product;
let cake: Product;
const announced: SaleView[] = [];
const printed: string[] = [];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-checkout-refusals-'));
  const clock = new ManualClock();
  catalogueDb = openDatabase(join(dir, 'catalogue.sqlite'), CATALOGUE_MIGRATIONS, clock);
  salesDb = openDatabase(join(dir, 'sales.sqlite'), SALES_MIGRATIONS, clock);
  catalogue = new ProductCatalogue(catalogueDb, 'GBP');
  catalogue.seed([
    { sku: 'FW-1', name: 'Flat white', category: 'Coffee', price: 320 },
    { sku: 'CK-1', name: 'Carrot cake', category: 'Cake', price: 410 },
  ]);
  const named = (name: string) => catalogue.all().products.find((p) => p.name === name)!;
  coffee = named('Flat white');
  cake = named('Carrot cake');
  ledger = new SalesLedger(salesDb, clock);
  checkout = new Checkout({
    catalogue,
    ledger,
    // No card payments here: the checkout only subscribes to their events.
    payments: { onEvent: () => () => {}, getPayment: () => null } as unknown as PaymentService,
    terminalCurrency: async () => 'GBP',
    paymentsFor: () => [],
    onPayment: () => {},
    onSale: (view) => announced.push(view),
    printing: {
      printReceipt: async (receiptId) => {
        printed.push(receiptId);
        return null as never;
      },
    },
    receiptSettings: () => receiptSettingsFrom(defaultSettings()),
    cardRecord: () => null,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
});
after(() => {
  checkout?.close();
  catalogueDb?.close();
  salesDb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a basket with a product archived since it was scanned is refused in words, and no sale opens', async () => {
  assert.equal(setArchived(catalogue, [String(cake.id)], true), 1);
  const refused = await refusalOf(
    Promise.resolve().then(() =>
      checkout.openSale([
        { productId: coffee.id, quantity: 1 },
        { productId: cake.id, quantity: 2 },
      ]),
    ),
  );
  assert.deepEqual(refused, {
    code: 'invalid_input',
    message: 'A product in the basket is no longer for sale: remove it from the basket and try again.',
    words: { key: 'sale.noLongerForSale' },
  });
  assert.deepEqual(ledger.recent(10), [], 'no sale was opened');
  assert.deepEqual(announced, []);
  assert.equal(setArchived(catalogue, [String(cake.id)], false), 1);
});

test('cash of nothing is refused in words; the sale stays open with nothing taken and nothing printed', async () => {
  const sale = checkout.openSale([{ productId: coffee.id, quantity: 2 }]);
  assert.equal(sale.due, 640);
  const refused = await refusalOf(Promise.resolve().then(() => checkout.payCash(sale.saleId, 0)));
  assert.deepEqual(refused, {
    code: 'invalid_input',
    message: 'Nothing is due on this sale.',
    words: { key: 'sale.nothingDue' },
  });
  const after = ledger.get(sale.saleId);
  assert.deepEqual([after.state, after.paid, after.due, after.tenders], ['open', 0, 640, []]);
  assert.deepEqual(printed, []);
});
