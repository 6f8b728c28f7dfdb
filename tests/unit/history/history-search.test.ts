// Sales history on its own, over a real SQLite file with the real sales ledger and refunds: the
// receipt number as typed, where a page ends, what one sale shows (cards, refunds that count),
// and a receipt printed again under its COPY heading.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { SALES_MIGRATIONS, SalesLedger, type SaleLine } from '../../../electron/services/sales/sales-ledger';
import { REFUND_MIGRATIONS, SaleRefunds, type CardFacts } from '../../../electron/services/sales/refunds';
import {
  HISTORY_MIGRATIONS,
  SaleHistory,
  receiptNumberFrom,
  type SaleHistoryOptions,
} from '../../../electron/services/sales/history';
import type { SaleView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import { text, type ReceiptLine } from '../../../shared/receipt';
import { ManualClock } from '../../support/manual-clock';
import { refusalOf } from '../../support/refusal';

const BOSS = { id: 'sup-1', name: 'Sam Supervisor', role: 'supervisor' as const };

let dir: string;
let db: Db;
let clock: ManualClock;
let ledger: SalesLedger;
let refunds: SaleRefunds;
let seq = 0;
const cards = new Map<string, CardFacts>();
const printed: Array<{ id: string; lines: ReceiptLine[] }> = [];
const logged: string[] = [];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-history-search-'));
  clock = new ManualClock();
  db = openDatabase(
    join(dir, 'till.sqlite'),
    [...SALES_MIGRATIONS, ...REFUND_MIGRATIONS, ...HISTORY_MIGRATIONS],
    clock,
  );
  ledger = new SalesLedger(db, clock);
  refunds = new SaleRefunds({
    db,
    clock,
    sale: (saleId) => ledger.get(saleId),
    // The card machine is busy: every card part fails before it starts.
    startCardRefund: () => Promise.reject(new TillError('terminal_busy', 'That card machine is busy.')),
    payment: (id) => cards.get(id) ?? null,
    refundsAgainst: () => [],
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

function historyWith(options: Partial<SaleHistoryOptions> = {}): SaleHistory {
  return new SaleHistory({
    db,
    clock,
    sale: (saleId) => ledger.get(saleId),
    refunds,
    salesByCardDigits: () => [],
    cardPayment: (paymentId) => {
      const facts = cards.get(paymentId);
      return facts ? { facts, terminalId: 'T1', cardLabel: 'VISA', lastDigits: '4242', refunds: [] } : null;
    },
    receiptLines: (sale) => [text(`Receipt ${sale.receiptNumber}`)],
    printReceipt: (id, lines) => {
      printed.push({ id, lines });
      return Promise.resolve();
    },
    logger: { ...console, error: (message: string) => logged.push(message) } as never,
    ...options,
  });
}

function line(name: string, unitPrice: number): SaleLine {
  return {
    productId: `p-${name}`,
    sku: name,
    name,
    quantity: 1,
    unitPrice,
    lineTotal: unitPrice,
    vatRate: 2000,
  };
}

/** A completed sale paid in cash, or by a card payment (`journal: false`: one the journal lost). */
function soldSale(price: number, by: 'cash' | 'card' = 'cash', journal = true): SaleView {
  const open = ledger.open('GBP', [line('Vase', price)]);
  if (by === 'card') {
    const paymentId = `pay-${++seq}`;
    if (journal) {
      cards.set(paymentId, {
        id: paymentId,
        type: 'SALE',
        state: 'finished',
        result: 'SUCCESSFUL',
        resolution: null,
        amount: price,
        saleId: open.saleId,
      });
    }
    ledger.addTender(open.saleId, { kind: 'card', amount: price, paymentId });
  } else {
    ledger.addTender(open.saleId, { kind: 'cash', amount: price, given: price });
  }
  return ledger.get(open.saleId);
}

test('a receipt number is read as printed, with spaces around it, or as digits; only a leading S is dropped', () => {
  assert.equal(receiptNumberFrom(' S000123 '), 123);
  assert.equal(receiptNumberFrom('s42'), 42);
  assert.equal(receiptNumberFrom('77'), 77);
  assert.ok(Number.isNaN(receiptNumberFrom('1S2')));
});

test('a page that holds the last matching sale says no page follows', () => {
  const history = historyWith();
  const sold = [soldSale(4321), soldSale(4321), soldSale(4321)];
  const numbers = sold.map((s) => s.receiptNumber).reverse();
  const all = history.search({ amount: 4321, limit: 3 });
  assert.deepEqual(
    all.sales.map((s) => s.receiptNumber),
    numbers,
  );
  assert.equal(all.next, null);
  const first = history.search({ amount: 4321, limit: 2 });
  assert.deepEqual(
    first.sales.map((s) => s.receiptNumber),
    numbers.slice(0, 2),
  );
  assert.equal(first.next, receiptNumberFrom(numbers[1]!));
});

test('the list shows what each sale has given back, failed refunds left out', async () => {
  const history = historyWith();
  const sale = soldSale(1234, 'card');
  const paymentId = sale.tenders[0]!.paymentId!;
  await refusalOf(
    refunds.refund(
      {
        saleId: sale.saleId,
        lines: [{ lineIndex: 0, quantity: 1 }],
        cardAmount: 1234,
        card: { paymentId, terminalId: 'T1' },
        reason: 'Chipped',
      },
      () => BOSS,
    ),
  );
  assert.equal(history.record(sale.saleId).refundedTotal, 0, 'a failed refund gave nothing back');
  await refunds.refund(
    { saleId: sale.saleId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0, reason: 'Chipped' },
    () => BOSS,
  );
  const [summary] = history.search({ amount: 1234 }).sales;
  assert.deepEqual([summary!.refunded, summary!.tenderKinds], [1234, ['card']]);
  const record = history.record(sale.saleId);
  assert.equal(record.refundedTotal, 1234);
  assert.deepEqual(
    record.refunds.map((r) => r.state),
    ['failed', 'completed'],
  );
});

test('a sale that cost nothing, completed at start-up without a tender, lists no way of paying', () => {
  const history = historyWith();
  const open = ledger.open('GBP', [line('Free sample', 0)]);
  assert.equal(ledger.completeIfPaid(open.saleId), true);
  const [summary] = history.search({ receiptNumber: open.receiptNumber }).sales;
  assert.deepEqual([summary!.total, summary!.refunded, summary!.tenderKinds], [0, 0, []]);
});

test('a sale shows only the card payments the journal knows, and a cash sale none', () => {
  const history = historyWith();
  const cash = soldSale(250);
  assert.deepEqual(history.record(cash.saleId).cards, []);
  const lost = soldSale(260, 'card', false);
  assert.deepEqual(history.record(lost.saleId).cards, []);
  const card = soldSale(270, 'card');
  assert.deepEqual(history.record(card.saleId).cards, [
    {
      paymentId: card.tenders[0]!.paymentId,
      terminalId: 'T1',
      amount: 270,
      cardLabel: 'VISA',
      lastDigits: '4242',
      refundableLeft: 270,
    },
  ]);
});

test('an open sale neither opens in history nor prints a copy', async () => {
  const history = historyWith();
  const open = ledger.open('GBP', [line('Vase', 500)]);
  assert.deepEqual(await refusalOf(Promise.resolve().then(() => history.record(open.saleId))), {
    code: 'conflict',
    message: 'This sale is still open: finish it on the Sell screen.',
    words: { key: 'history.stillOpen' },
  });
  assert.deepEqual(await refusalOf(Promise.resolve().then(() => history.reprint(open.saleId, BOSS))), {
    code: 'conflict',
    message: 'Only a completed sale has a receipt to print again.',
    words: { key: 'history.noReceipt' },
  });
});

test('a copy prints under a COPY heading that says when and by whom, each press a fresh job', () => {
  const history = historyWith();
  const sale = soldSale(990);
  const from = printed.length;
  history.reprint(sale.saleId, BOSS);
  history.reprint(sale.saleId, null);
  const [byBoss, byNobody] = printed.slice(from);
  assert.match(byBoss!.id, new RegExp(`^${sale.saleId}:copy-[0-9a-f]{8}$`));
  assert.match(byNobody!.id, new RegExp(`^${sale.saleId}:copy-[0-9a-f]{8}$`));
  assert.notEqual(byBoss!.id, byNobody!.id);
  assert.deepEqual(byBoss!.lines[0], { type: 'TEXT', format: ['BOLD', 'DOUBLE_HEIGHT'], value: 'COPY' });
  assert.match(byBoss!.lines[1]!.value, /^Reprinted .+ by Sam Supervisor: not a new sale$/);
  assert.match(byNobody!.lines[1]!.value, /^Reprinted .+\d: not a new sale$/);
  assert.deepEqual(byBoss!.lines[2], { type: 'DOUBLE_LINE_SEPARATOR', format: [], value: '' });
  assert.deepEqual(byBoss!.lines.slice(3), [text(`Receipt ${sale.receiptNumber}`)]);
});

test('the copy heading speaks the shop’s language', () => {
  const history = historyWith({ paperSettings: () => ({ locale: 'de-DE', timeZone: 'Europe/Berlin' }) });
  const sale = soldSale(995);
  history.reprint(sale.saleId, BOSS);
  const copy = printed.at(-1)!;
  assert.equal(copy.lines[0]!.value, 'KOPIE');
  assert.match(copy.lines[1]!.value, /^Nachdruck .+ von Sam Supervisor: kein neuer Verkauf$/);
});

test('a copy that cannot be queued is logged', async () => {
  const history = historyWith({ printReceipt: () => Promise.reject(new Error('no paper')) });
  const sale = soldSale(996);
  history.reprint(sale.saleId, BOSS);
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.ok(logged.some((m) => new RegExp(`^could not queue receipt copy ${sale.saleId}:copy-`).test(m)));
});

test('the search indexes keep the migration name earlier releases recorded', () => {
  const applied = (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id);
  assert.ok(applied.includes('sales-history-indexes'), applied.join(', '));
});
