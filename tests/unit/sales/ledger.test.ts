// The sales ledger on its own, on a real SQLite file: a sale completes only when nothing at all is
// due, a closed sale takes no more cash or manual card, and a card the card machine approved
// after its sale was closed is still recorded (the money moved) but flagged for reconciliation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger, type SaleLine } from '../../../electron/services/sales/sales-ledger';
import { ManualClock } from '../../support/manual-clock';

let dir: string;
let db: Db;
let ledger: SalesLedger;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-ledger-'));
  db = openDatabase(join(dir, 'sales.sqlite'), SALES_MIGRATIONS, new ManualClock());
  ledger = new SalesLedger(db, new ManualClock());
});
after(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An open sale of one line costing `total` pence. */
function saleOf(total: number) {
  const line: SaleLine = {
    productId: 'p1',
    sku: 'SKU-1',
    name: 'Flat white',
    quantity: 1,
    unitPrice: total,
    lineTotal: total,
  };
  return ledger.open('GBP', [line]);
}

test('a sale with a penny still due stays open; the last penny completes it, once', () => {
  const sale = saleOf(1000);
  const first = ledger.addTender(sale.saleId, { kind: 'cash', amount: 999, given: 999 });
  assert.deepEqual(first, { added: true, completedNow: false });
  const partPaid = ledger.get(sale.saleId);
  assert.equal(partPaid.state, 'open');
  assert.equal(partPaid.paid, 999);
  assert.equal(partPaid.due, 1);
  assert.equal(ledger.completeIfPaid(sale.saleId), false, 'a penny due is not paid');

  const last = ledger.addTender(sale.saleId, { kind: 'cash', amount: 1, given: 1 });
  assert.deepEqual(last, { added: true, completedNow: true });
  const done = ledger.get(sale.saleId);
  assert.equal(done.state, 'completed');
  assert.equal(done.paid, 1000);
  assert.equal(done.due, 0);
  assert.ok(done.completedAt);
  assert.equal(ledger.completeIfPaid(sale.saleId), false, 'completed exactly once');
});

test('cash over the amount applied is change, never paid', () => {
  const sale = saleOf(730);
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 730, given: 2000 });
  const done = ledger.get(sale.saleId);
  assert.equal(done.paid, 730);
  assert.equal(done.change, 1270);
});

test('a closed sale takes no more cash or manual card, and nothing is added', () => {
  const completed = saleOf(500);
  ledger.addTender(completed.saleId, { kind: 'cash', amount: 500, given: 500 });
  const abandoned = saleOf(800);
  ledger.abandon(abandoned.saleId);
  for (const sale of [completed, abandoned]) {
    const before = ledger.get(sale.saleId);
    assert.throws(
      () => ledger.addTender(sale.saleId, { kind: 'cash', amount: 100, given: 100 }),
      (e: Error & { code?: string }) =>
        e.code === 'conflict' && /already (completed|abandoned)/.test(e.message),
    );
    assert.throws(
      () => ledger.addTender(sale.saleId, { kind: 'manual_card', amount: 100, reference: 'AUTH 1' }),
      (e: Error & { code?: string }) => e.code === 'conflict',
    );
    const after = ledger.get(sale.saleId);
    assert.equal(after.paid, before.paid, `${before.state}: nothing more paid`);
    assert.equal(after.tenders.length, before.tenders.length);
    assert.equal(after.state, before.state);
  }
});

test('a card approved after its sale was closed is recorded and flagged for reconciliation', () => {
  const sale = saleOf(1200);
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 1200, given: 1200 });
  const late = ledger.addTender(sale.saleId, { kind: 'card', amount: 1200, paymentId: 'pay-late' });
  assert.deepEqual(
    late,
    { added: true, completedNow: false },
    'recorded, but the sale does not complete again',
  );
  const after = ledger.get(sale.saleId);
  assert.equal(after.state, 'completed');
  assert.equal(after.paid, 2400, 'the card money moved, so it is on the books');
  const card = after.tenders.find((t) => t.paymentId === 'pay-late');
  assert.equal(card?.needsReconciliation, true);
  assert.equal(after.tenders.find((t) => t.kind === 'cash')?.needsReconciliation, false);
});

test('a card approved on an open sale is not flagged, and counts once however often it is reported', () => {
  const sale = saleOf(900);
  assert.deepEqual(ledger.addTender(sale.saleId, { kind: 'card', amount: 400, paymentId: 'pay-1' }), {
    added: true,
    completedNow: false,
  });
  assert.deepEqual(ledger.addTender(sale.saleId, { kind: 'card', amount: 400, paymentId: 'pay-1' }), {
    added: false,
    completedNow: false,
  });
  const partPaid = ledger.get(sale.saleId);
  assert.equal(partPaid.paid, 400);
  assert.equal(partPaid.due, 500);
  assert.equal(partPaid.tenders[0]!.needsReconciliation, false);
});
