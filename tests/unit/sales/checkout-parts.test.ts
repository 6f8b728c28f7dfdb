// The checkout on its own parts, on real SQLite files: a catalogue and a sales ledger, with no
// approver, no storage watch and no counter settings given, and a stand-in card service whose
// outcomes the test reports. A plain sale opens at the catalogue's price; a price change with
// nobody to approve it is refused in words; a card approval pays its sale once however often it
// is reported, one arriving on a sale already paid is kept and named in the log for a refund, and
// none reaches a sale once the checkout is closed; a ledger that cannot save refuses the sale.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { CATALOGUE_MIGRATIONS, ProductCatalogue } from '../../../electron/services/catalogue/store';
import { SALES_MIGRATIONS, SalesLedger } from '../../../electron/services/sales/sales-ledger';
import { Checkout, type CheckoutOptions } from '../../../electron/services/sales/checkout';
import type {
  PaymentEvent,
  PaymentService,
  PaymentView as CardPaymentView,
} from '../../../electron/services/payments/transaction-runner';
import { receiptSettingsFrom } from '../../../electron/services/sales/receipt-settings';
import { defaultSettings } from '../../../shared/settings';
import { TillError } from '../../../shared/contract/errors';
import type { Product, SaleView } from '../../../shared/contract';
import { ManualClock } from '../../support/manual-clock';

let dir: string;
let catalogueDb: Db;
let salesDb: Db;
let checkout: Checkout;
let ledger: SalesLedger;
let product: Product;
const announced: SaleView[] = [];
const printed: string[] = [];
const logged: string[] = [];
/** The stand-in card service: what it holds, and who listens to it. */
const cardPayments = new Map<string, CardPaymentView>();
const listeners = new Set<(event: PaymentEvent) => void>();

/** The card service reports that `id` finished approved for `amount` on `saleId`. */
function approve(
  id: string,
  saleId: string | null,
  amount: number,
  differences: Partial<Record<keyof CardPaymentView, unknown>> = {},
): void {
  const at = new Date(0).toISOString();
  cardPayments.set(id, {
    id,
    saleId,
    originalPaymentId: null,
    terminalId: '22900001',
    type: 'SALE',
    amount,
    currency: 'GBP',
    state: 'finished',
    transactionId: `tx-${id}`,
    result: 'SUCCESSFUL',
    receipts: { MERCHANT: [], CUSTOMER: [] },
    resolution: null,
    problem: null,
    problemWords: null,
    mismatch: null,
    staff: null,
    createdAt: at,
    updatedAt: at,
    notifications: [],
    successful: true,
    amounts: null,
    awaitingSignature: null,
    ...differences,
  } as unknown as CardPaymentView);
  report({ type: 'finished', paymentId: id });
}

/** The card service tells its listeners `event` (only the fields the checkout reads). */
function report(event: { type: PaymentEvent['type']; paymentId: string; [more: string]: unknown }): void {
  for (const listener of [...listeners]) listener(event as unknown as PaymentEvent);
}

const slip = (value: string) => [{ kind: 'text', value }];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-checkout-parts-'));
  const clock = new ManualClock();
  catalogueDb = openDatabase(join(dir, 'catalogue.sqlite'), CATALOGUE_MIGRATIONS, clock);
  salesDb = openDatabase(join(dir, 'sales.sqlite'), SALES_MIGRATIONS, clock);
  const catalogue = new ProductCatalogue(catalogueDb, 'GBP');
  catalogue.seed([{ sku: 'FW-1', name: 'Flat white', category: 'Coffee', price: 320 }]);
  product = catalogue.all().products[0]!;
  ledger = new SalesLedger(salesDb, clock);
  const options: CheckoutOptions = {
    catalogue,
    ledger,
    // No card payments in these tests: the checkout only subscribes to their events.
    payments: {
      onEvent: (listener: (event: PaymentEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getPayment: (id: string) => cardPayments.get(id) ?? null,
      // The card machine's last slip reprinted: here it kept only the merchant copy.
      requestDuplicate: async () => ({
        paymentId: 'reprint-1',
        result: 'SUCCESSFUL',
        receipts: { MERCHANT: slip('MERCHANT COPY'), CUSTOMER: [] },
        record: null,
      }),
    } as unknown as PaymentService,
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
    logger: { info: () => {}, warn: () => {}, error: (message: string) => logged.push(message) },
  };
  checkout = new Checkout(options);
});
after(() => {
  checkout?.close();
  catalogueDb?.close();
  if (salesDb?.open) salesDb.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a plain sale opens at the catalogue price and is announced', () => {
  const sale = checkout.openSale([{ productId: product.id, quantity: 2 }]);
  assert.equal(sale.state, 'open');
  assert.equal(sale.total, 640);
  assert.equal(sale.due, 640);
  assert.deepEqual(
    announced.map((s) => s.saleId),
    [sale.saleId],
  );
});

test('cash of nothing is refused in words and no tender is recorded', () => {
  const sale = checkout.openSale([{ productId: product.id, quantity: 1 }]);
  assert.throws(() => checkout.payCash(sale.saleId, 0), {
    code: 'invalid_input',
    message: 'Nothing is due on this sale.',
  });
  assert.deepEqual([ledger.get(sale.saleId).tenders, ledger.get(sale.saleId).state], [[], 'open']);
});

test('with nobody to approve it, a price change is refused in words and no sale opens', () => {
  const before = announced.length;
  const error = (() => {
    try {
      checkout.openSale([
        { productId: product.id, quantity: 1, priceOverride: { unitPrice: 250, reason: 'Staff drink' } },
      ]);
    } catch (e) {
      return e;
    }
    return assert.fail('the price change was not refused');
  })();
  assert.ok(error instanceof TillError);
  assert.deepEqual(error.toShape(), {
    code: 'not_allowed',
    message: 'This discount or price change needs a supervisor or manager.',
    words: { key: 'sale.needsSupervisor' },
  });
  assert.equal(announced.length, before);
});

test('a card approval reported twice pays the sale once: one tender, one receipt, announced once', () => {
  const sale = checkout.openSale([{ productId: product.id, quantity: 1 }]);
  const before = announced.length;
  approve('card-1', sale.saleId, 320);
  approve('card-1', sale.saleId, 320);
  const paid = announced.slice(before);
  assert.deepEqual(
    paid.map((s) => [s.state, s.paid, s.tenders.length]),
    [['completed', 320, 1]],
  );
  assert.deepEqual(
    printed.filter((id) => id.startsWith(sale.saleId)),
    [`${sale.saleId}:sale`],
  );
  assert.deepEqual(logged, []);
});

test('a card approval for part of a sale leaves it open with the rest due, and nothing is logged', () => {
  const sale = checkout.openSale([{ productId: product.id, quantity: 2 }]);
  approve('card-2', sale.saleId, 200);
  const now = announced.at(-1)!;
  assert.equal(now.saleId, sale.saleId);
  assert.equal(now.state, 'open');
  assert.equal(now.due, 440);
  assert.deepEqual(logged, []);
});

test('a card approval arriving on a sale already paid in cash is kept, flagged, and named in the log', () => {
  const sale = checkout.openSale([{ productId: product.id, quantity: 1 }]);
  assert.equal(checkout.payCash(sale.saleId, 500).state, 'completed');
  approve('card-late', sale.saleId, 320);
  const now = announced.at(-1)!;
  assert.equal(now.saleId, sale.saleId);
  assert.equal(now.state, 'completed');
  assert.deepEqual(
    now.tenders.map((x) => [x.kind, x.amount, x.needsReconciliation]),
    [
      ['cash', 320, false],
      ['card', 320, true],
    ],
  );
  assert.deepEqual(logged, [
    `card payment card-late was approved on sale ${sale.saleId}, which was already completed: refund or reconcile it`,
  ]);
  logged.length = 0;
});

test('a card slip prints only when the card service gave a copy to print', () => {
  const sale = checkout.openSale([{ productId: product.id, quantity: 3 }]);
  approve('card-none', sale.saleId, 100, { receipts: null });
  approve('card-empty', sale.saleId, 100, { receipts: { MERCHANT: slip('MERCHANT COPY'), CUSTOMER: [] } });
  approve('card-copy', sale.saleId, 100, { receipts: { MERCHANT: [], CUSTOMER: slip('CUSTOMER COPY') } });
  report({ type: 'signature_required', paymentId: 'card-copy', merchantReceipt: [] });
  report({ type: 'signature_required', paymentId: 'card-sign', merchantReceipt: slip('SIGN BELOW') });
  assert.deepEqual(
    printed.filter((id) => id.startsWith('card-')),
    ['card-copy:customer', 'card-sign:merchant-signature'],
  );
  assert.equal(ledger.get(sale.saleId).paid, 300);
});

test('a refund given without a sale, or news of a payment the service no longer holds, touches no sale', () => {
  const before = announced.length;
  approve('refund-alone', null, 150, { type: 'REFUND' });
  report({ type: 'progress', paymentId: 'never-held' });
  assert.equal(announced.length, before);
  assert.deepEqual(logged, []);
});

test('a reprint with only the merchant copy prints that copy', async () => {
  await checkout.duplicate('22900001');
  assert.deepEqual(
    printed.filter((id) => id.startsWith('reprint-')),
    ['reprint-1:duplicate'],
  );
});

test('once the checkout is closed, a card approval no longer reaches its sale', () => {
  const sale = checkout.openSale([{ productId: product.id, quantity: 1 }]);
  checkout.close();
  const before = announced.length;
  approve('card-after-close', sale.saleId, 320);
  assert.equal(announced.length, before);
  const held = ledger.get(sale.saleId);
  assert.equal(held.state, 'open');
  assert.equal(held.paid, 0);
  assert.deepEqual(held.tenders, []);
});

test('a ledger that cannot save refuses the sale with its own error, and nothing is announced', () => {
  const before = announced.length;
  salesDb.close();
  assert.throws(
    () => checkout.openSale([{ productId: product.id, quantity: 1 }]),
    (e: unknown) => e instanceof TypeError && /database connection is not open/.test(e.message),
  );
  assert.equal(announced.length, before);
});
