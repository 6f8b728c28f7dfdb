// The refunds' own record as the screens, history's list and the till reports read it, over a real
// SQLite file and the real sales ledger: each refund's lines by name, what each sale has given
// back, and the items of completed refunds at the VAT rate they were sold at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger, type SaleLine } from '../../../electron/services/sales/sales-ledger';
import { REFUND_MIGRATIONS, SaleRefunds } from '../../../electron/services/sales/refunds';
import type { RefundInput, SaleView, StaffStamp } from '../../../shared/contract';
import { ManualClock } from '../../support/manual-clock';

let dir: string;
let db: Db;
let clock: ManualClock;
let ledger: SalesLedger;
let refunds: SaleRefunds;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-refund-records-'));
  clock = new ManualClock();
  db = openDatabase(join(dir, 'till.sqlite'), [...SALES_MIGRATIONS, ...REFUND_MIGRATIONS], clock);
  ledger = new SalesLedger(db, clock);
  const unused = () => {
    throw new Error('no card part in these refunds');
  };
  refunds = new SaleRefunds({
    db,
    clock,
    sale: (saleId) => ledger.get(saleId),
    startCardRefund: unused,
    payment: unused,
    refundsAgainst: unused,
    onPaymentChange: () => () => {},
    cardLastDigits: () => null,
    printReceipt: () => Promise.resolve(),
    receiptSettings: () => ({ shop: { name: 'Corner Shop', addressLines: [] }, paperWidth: 80 }),
    onRefund: () => {},
    logger: console,
  });
});
after(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function line(name: string, quantity: number, unitPrice: number, vatRate?: number): SaleLine {
  return {
    productId: `p-${name}`,
    sku: name,
    name,
    quantity,
    unitPrice,
    lineTotal: unitPrice * quantity,
    ...(vatRate !== undefined && { vatRate }),
  };
}

function cashSale(lines: SaleLine[]): SaleView {
  const open = ledger.open('GBP', lines);
  ledger.addTender(open.saleId, { kind: 'cash', amount: open.total });
  return ledger.get(open.saleId);
}

const cashRefund = (sale: SaleView, lines: RefundInput['lines'], by: StaffStamp | null = null) =>
  refunds.refund({ saleId: sale.saleId, lines, cardAmount: 0, reason: 'Faulty' }, () => by);

test('a refund shows each line it gave back by the name it was sold under', async () => {
  const sale = cashSale([line('Teapot', 1, 2000, 2000), line('Saucer', 3, 300, 2000)]);
  const refund = await cashRefund(sale, [
    { lineIndex: 1, quantity: 2 },
    { lineIndex: 0, quantity: 1 },
  ]);
  assert.deepEqual(refund.lines, [
    { lineIndex: 0, name: 'Teapot', quantity: 1, amount: 2000 },
    { lineIndex: 1, name: 'Saucer', quantity: 2, amount: 600 },
  ]);
  assert.deepEqual(refunds.forSale(sale.saleId)[0]!.lines, refund.lines);
});

test('history’s list learns what each sale has given back, sale by sale', async () => {
  const once = cashSale([line('Spoon', 4, 150, 2000)]);
  const twice = cashSale([line('Fork', 2, 400, 2000)]);
  const never = cashSale([line('Knife', 1, 900, 2000)]);
  await cashRefund(once, [{ lineIndex: 0, quantity: 1 }]);
  await cashRefund(twice, [{ lineIndex: 0, quantity: 1 }]);
  await cashRefund(twice, [{ lineIndex: 0, quantity: 1 }]);
  const totals = refunds.refundedTotals([once.saleId, twice.saleId, never.saleId]);
  assert.deepEqual(
    [once.saleId, twice.saleId, never.saleId].map((id) => totals.get(id)),
    [150, 800, undefined],
  );
});

test('the reports get each completed refund’s items with the product and VAT rate they were sold at, and who gave it back', async () => {
  const since = new Date(clock.now()).toISOString();
  await clock.advance(1000);
  // The second line was sold before VAT rates were kept.
  const sale = cashSale([line('Kettle', 1, 3000, 2000), line('Old stock', 2, 250)]);
  const sam = { id: 'staff-sam', name: 'Sam' };
  const refund = await cashRefund(
    sale,
    [
      { lineIndex: 0, quantity: 1 },
      { lineIndex: 1, quantity: 2 },
    ],
    sam,
  );
  const until = new Date(clock.now() + 1).toISOString();
  const items = refunds.completedWithItems(since, until).filter((r) => r.refundId === refund.refundId);
  assert.deepEqual(items, [
    {
      refundId: refund.refundId,
      saleId: sale.saleId,
      receiptNumber: sale.receiptNumber,
      at: refund.completedAt,
      cardPaymentId: null,
      cardAmount: 0,
      cardTerminalId: null,
      by: sam,
      lines: [
        { productId: 'p-Kettle', name: 'Kettle', quantity: 1, amount: 3000, vatRate: 2000 },
        { productId: 'p-Old stock', name: 'Old stock', quantity: 2, amount: 500, vatRate: null },
      ],
    },
  ]);
});

test('the refund tables keep the migration name earlier releases recorded, so an upgrade does not make them again', () => {
  const applied = (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id);
  assert.ok(applied.includes('sales-refunds'), applied.join(', '));
});
