// The sales ledger on its own, on a real SQLite file: a sale completes only when nothing at all is
// due, a closed sale takes no more cash or manual card, and a card the card machine approved
// after its sale was closed is still recorded (the money moved) but flagged for reconciliation.
// Each sale number is marked beside the database, so a database put back empty never reuses it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger, type SaleLine } from '../../../electron/services/sales/sales-ledger';
import { SaleNumberMark } from '../../../electron/services/storage/sale-number-mark';
import { ManualClock } from '../../support/manual-clock';
import { TillError } from '../../../shared/contract/errors';

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

/** One line costing `total` pence. */
function lineOf(total: number): SaleLine {
  return {
    productId: 'p1',
    sku: 'SKU-1',
    name: 'Flat white',
    quantity: 1,
    unitPrice: total,
    lineTotal: total,
  };
}

/** An open sale of one line costing `total` pence. */
function saleOf(total: number) {
  return ledger.open('GBP', [lineOf(total)]);
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
  ledger.abandon(abandoned.saleId, 'voided');
  for (const sale of [completed, abandoned]) {
    const before = ledger.get(sale.saleId);
    assert.throws(
      () => ledger.addTender(sale.saleId, { kind: 'cash', amount: 100, given: 100 }),
      (e: unknown) =>
        e instanceof TillError &&
        e.code === 'conflict' &&
        e.message === `This sale is already ${before.state}.` &&
        e.words?.key === `sale.already.${before.state}`,
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

test('a sale the ledger does not hold is refused in words, not returned empty', () => {
  assert.throws(
    () => ledger.get('no-such-sale'),
    (error: unknown) =>
      error instanceof TillError &&
      error.code === 'not_found' &&
      error.message === 'That sale does not exist.',
  );
});

test('money taken by hand is flagged for reconciliation: a manual card entry, a card settled with a reference', () => {
  const manual = saleOf(700);
  ledger.addTender(manual.saleId, { kind: 'manual_card', amount: 300, reference: 'AUTH 1234' });
  assert.equal(ledger.get(manual.saleId).tenders[0]!.needsReconciliation, true);

  const checked = saleOf(700);
  ledger.addTender(checked.saleId, {
    kind: 'card',
    amount: 700,
    paymentId: 'pay-checked',
    reference: 'checked on the card machine',
  });
  const view = ledger.get(checked.saleId);
  assert.equal(view.state, 'completed');
  assert.equal(view.tenders[0]!.needsReconciliation, true);

  // Keyed by hand is reason enough, whatever else the entry carries.
  const bare = saleOf(200);
  ledger.addTender(bare.saleId, { kind: 'manual_card', amount: 200 });
  assert.equal(ledger.get(bare.saleId).tenders[0]!.needsReconciliation, true);
});

test('a manager settles a hand-keyed card entry once; other tenders cannot be settled that way', () => {
  const clock = new ManualClock();
  const since = new Date(clock.now()).toISOString();
  const fresh = new SalesLedger(db, clock);
  const sale = fresh.open('GBP', [lineOf(900)]);
  fresh.addTender(sale.saleId, { kind: 'cash', amount: 400, given: 400 });
  fresh.addTender(sale.saleId, { kind: 'manual_card', amount: 500, reference: 'AUTH 77' });
  const waiting = fresh.manualCardsToReconcile('GBP', since).filter((e) => e.saleId === sale.saleId);
  assert.equal(waiting.length, 1);
  assert.equal(waiting[0]!.amount, 500);

  assert.equal(fresh.markReconciled(waiting[0]!.tenderId), true, 'settled');
  assert.equal(fresh.markReconciled(waiting[0]!.tenderId + 999), false, 'no such tender');
  assert.equal(
    fresh.get(sale.saleId).tenders.find((t) => t.kind === 'manual_card')?.needsReconciliation,
    false,
  );
  assert.deepEqual(
    fresh.manualCardsToReconcile('GBP', since).filter((e) => e.saleId === sale.saleId),
    [],
    'no longer waiting',
  );
  const cashTenderId = waiting[0]!.tenderId - 1;
  assert.equal(fresh.markReconciled(cashTenderId), false, 'a cash tender is not a hand-keyed card');
});

test("the day's sales list completed sales with their tenders, and abandoned ones with none", async () => {
  const clock = new ManualClock();
  const fresh = new SalesLedger(db, clock);
  const since = new Date(clock.now()).toISOString();
  await clock.advance(1000);
  const paid = fresh.open('GBP', [lineOf(650)]);
  fresh.addTender(paid.saleId, { kind: 'cash', amount: 650, given: 1000 });
  const voided = fresh.open('GBP', [lineOf(300)]);
  fresh.abandon(voided.saleId, 'voided');
  await clock.advance(1000);
  const day = fresh.endedBetween(since, new Date(clock.now()).toISOString());
  const completed = day.find((s) => s.saleId === paid.saleId);
  const abandoned = day.find((s) => s.saleId === voided.saleId);
  assert.equal(completed?.state, 'completed');
  assert.equal(completed?.total, 650);
  assert.deepEqual(
    completed?.tenders.map((t) => [t.kind, t.amount, t.given]),
    [['cash', 650, 1000]],
  );
  assert.equal(abandoned?.state, 'abandoned');
  assert.equal(abandoned?.endedBecause, 'voided');
  assert.deepEqual(abandoned?.tenders, [], 'an abandoned sale took no money');
});

test('change comes only from cash handed over: exact cash and card amounts give none', () => {
  const sale = saleOf(1000);
  // A given figure on a card tender means nothing: no change is owed on a card.
  ledger.addTender(sale.saleId, { kind: 'manual_card', amount: 400, given: 450, reference: 'AUTH 9' });
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 100 });
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 500, given: 2000 });
  const view = ledger.get(sale.saleId);
  assert.equal(view.state, 'completed');
  assert.equal(view.paid, 1000);
  assert.equal(view.change, 1500, 'only the £20 note for £5 gives change');
});

test('card money given back is owed again on an open sale, but never reopens a completed one', () => {
  const refunded = new Map<string, number>();
  const withRefunds = new SalesLedger(db, new ManualClock(), undefined, (id) => refunded.get(id) ?? 0);

  const open = withRefunds.open('GBP', [lineOf(1000)]);
  withRefunds.addTender(open.saleId, { kind: 'card', amount: 400, paymentId: 'pay-open' });
  refunded.set(open.saleId, 400);
  const partRefunded = withRefunds.get(open.saleId);
  assert.equal(partRefunded.refunded, 400);
  assert.equal(partRefunded.due, 1000, 'the refunded £4 is due again');

  const done = withRefunds.open('GBP', [lineOf(1000)]);
  withRefunds.addTender(done.saleId, { kind: 'card', amount: 1000, paymentId: 'pay-done' });
  refunded.set(done.saleId, 1000);
  const refundedLater = withRefunds.get(done.saleId);
  assert.equal(refundedLater.state, 'completed');
  assert.equal(refundedLater.refunded, 1000);
  assert.equal(refundedLater.due, 0, 'a refund after the sale closed asks nothing more of the customer');
});

test('each sale number is marked beside the database as it is handed out: a database put back empty carries on after it', () => {
  const markDir = mkdtempSync(join(dir, 'mark-'));
  const ledgerOn = (file: string) => {
    const clock = new ManualClock();
    const on = openDatabase(join(markDir, file), SALES_MIGRATIONS, clock);
    return { on, ledger: new SalesLedger(on, clock, SaleNumberMark.inDataDir(markDir)) };
  };
  const first = ledgerOn('first.sqlite');
  const numbers = [1, 2].map(() => first.ledger.open('GBP', [lineOf(100)]).receiptNumber);
  first.on.close();
  // The sales above are lost with their database (an older backup put back, say).
  const again = ledgerOn('again.sqlite');
  numbers.push(again.ledger.open('GBP', [lineOf(100)]).receiptNumber);
  again.on.close();
  assert.deepEqual(numbers, ['S000001', 'S000002', 'S000003']);
});
