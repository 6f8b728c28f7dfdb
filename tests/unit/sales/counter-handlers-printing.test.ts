// The receipt after payment when the print queue has its doubts, on the counter's own handlers
// over a real sales ledger (SQLite) and a stand-in print queue: a receipt that may already have
// printed is sent again as a copy, and one cancelled in the queue is refused in words.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger } from '../../../electron/services/sales/sales-ledger';
import { counterHandlers, type CounterHandlerDeps } from '../../../electron/services/sales/counter-handlers';
import { TillError } from '../../../shared/contract/errors';
import type { SaleView } from '../../../shared/contract';
import { ManualClock } from '../../support/manual-clock';

let dir: string;
let db: Db;
let ledger: SalesLedger;
/** What the stand-in print queue says of the next receipt it is given. */
let nextJobState = 'queued';
let handlers: ReturnType<typeof counterHandlers>;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-counter-printing-'));
  db = openDatabase(join(dir, 'sales.sqlite'), SALES_MIGRATIONS, new ManualClock());
  ledger = new SalesLedger(db, new ManualClock());
  handlers = counterHandlers({
    ledger,
    checkout: { saleReceiptLines: () => [] } as unknown as CounterHandlerDeps['checkout'],
    printing: async () => ({
      printReceipt: async (receiptId: string) => ({ id: `job-${receiptId}`, state: nextJobState }) as never,
      reprint: async () => null as never,
    }),
    serving: () => null,
  } as unknown as CounterHandlerDeps);
});
after(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function paidSale(): SaleView {
  const sale = ledger.open('GBP', [
    { productId: 'p1', sku: 'SKU-1', name: 'Flat white', quantity: 1, unitPrice: 320, lineTotal: 320 },
  ]);
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 320, given: 320, by: null });
  const paid = ledger.get(sale.saleId);
  assert.equal(paid.state, 'completed');
  return paid;
}

const printReceipt = (saleId: string) =>
  Promise.resolve(handlers['counter.printReceipt']({ saleId } as never));

test('a receipt the queue is unsure about is sent again, marked as a copy', async () => {
  const sale = paidSale();
  nextJobState = 'uncertain';
  assert.deepEqual(await printReceipt(sale.saleId), {
    receiptNumber: sale.receiptNumber,
    outcome: 'copy',
    message: `Receipt ${sale.receiptNumber} is printing again, marked as a copy.`,
    words: { key: 'receipt.copy', params: { receipt: sale.receiptNumber } },
  });
});

test('a receipt cancelled in the print queue is refused in words, naming it', async () => {
  const sale = paidSale();
  nextJobState = 'cancelled';
  const error = await printReceipt(sale.saleId).then(
    () => assert.fail('a cancelled receipt was reported as printing'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof TillError);
  assert.deepEqual(error.toShape(), {
    code: 'conflict',
    message: `Receipt ${sale.receiptNumber} was cancelled in the print queue: print it again from the Printer screen.`,
    words: { key: 'receipt.cancelled', params: { receipt: sale.receiptNumber } },
  });
});

test('a receipt the queue has taken is printing', async () => {
  const sale = paidSale();
  nextJobState = 'queued';
  assert.equal((await printReceipt(sale.saleId)).outcome, 'printed');
});
