// The sales ledger as history and the reports read it, on a real SQLite file: a sale that does not
// exist, a closed sale refusing more cash in its own words, a part-paid sale staying open, hand-keyed
// card payments waiting for reconciliation once, abandoned sales in the day's list, and change.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger, type SaleLine } from '../../../electron/services/sales/sales-ledger';
import { ManualClock } from '../../support/manual-clock';
import { refusalOf } from '../../support/refusal';

let dir: string;
let db: Db;
let clock: ManualClock;
let ledger: SalesLedger;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-history-ledger-'));
  clock = new ManualClock();
  db = openDatabase(join(dir, 'sales.sqlite'), SALES_MIGRATIONS, clock);
  ledger = new SalesLedger(db, clock);
});
after(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function lines(total: number): SaleLine[] {
  return [{ productId: 'p1', sku: 'P1', name: 'Candle', quantity: 1, unitPrice: total, lineTotal: total }];
}

const refused = (call: () => unknown) => refusalOf(Promise.resolve().then(call));

test('a sale that does not exist is not found, in words staff can read', async () => {
  assert.deepEqual(await refused(() => ledger.get('no-such-sale')), {
    code: 'not_found',
    message: 'That sale does not exist.',
  });
});

test('a part-paid sale stays open; once paid, it takes no more cash', async () => {
  const sale = ledger.open('GBP', lines(1000));
  assert.deepEqual(ledger.addTender(sale.saleId, { kind: 'cash', amount: 400, given: 400 }), {
    added: true,
    completedNow: false,
  });
  assert.equal(ledger.completeIfPaid(sale.saleId), false);
  assert.deepEqual([ledger.get(sale.saleId).state, ledger.get(sale.saleId).due], ['open', 600]);
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 600, given: 600 });
  assert.deepEqual(await refused(() => ledger.addTender(sale.saleId, { kind: 'cash', amount: 100 })), {
    code: 'conflict',
    message: 'This sale is already completed.',
    words: { key: 'sale.already.completed' },
  });
});

test('cash taken without a note given back counts no change', () => {
  const sale = ledger.open('GBP', lines(700));
  ledger.addTender(sale.saleId, { kind: 'cash', amount: 700 });
  const paid = ledger.get(sale.saleId);
  assert.deepEqual([paid.state, paid.paid, paid.change], ['completed', 700, 0]);
});

test('a hand-keyed card payment waits for reconciliation until a manager marks it', () => {
  const since = new Date(clock.now()).toISOString();
  const sale = ledger.open('GBP', lines(1200));
  ledger.addTender(sale.saleId, { kind: 'manual_card', amount: 1200 });
  assert.equal(ledger.get(sale.saleId).tenders[0]!.needsReconciliation, true);
  const [waiting] = ledger.manualCardsToReconcile('GBP', since);
  assert.deepEqual([waiting!.saleId, waiting!.amount], [sale.saleId, 1200]);
  assert.equal(ledger.markReconciled(waiting!.tenderId), true);
  assert.deepEqual(ledger.manualCardsToReconcile('GBP', since), []);
  assert.equal(ledger.get(sale.saleId).tenders[0]!.needsReconciliation, false);
  assert.equal(ledger.markReconciled(999_999), false, 'no such hand-keyed payment');
  const cash = ledger.open('GBP', lines(300));
  ledger.addTender(cash.saleId, { kind: 'cash', amount: 300, given: 300 });
  assert.equal(ledger.get(cash.saleId).tenders[0]!.needsReconciliation, false);
});

test('the day’s list names an abandoned sale as such, with no tenders', async () => {
  const since = new Date(clock.now()).toISOString();
  await clock.advance(1000);
  const sale = ledger.open('GBP', lines(450));
  ledger.abandon(sale.saleId, 'voided');
  const until = new Date(clock.now() + 1).toISOString();
  const ended = ledger.endedBetween(since, until).filter((s) => s.saleId === sale.saleId);
  assert.deepEqual(
    ended.map((s) => [s.state, s.endedBecause, s.tenders]),
    [['abandoned', 'voided', []]],
  );
});
