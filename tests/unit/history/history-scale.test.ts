// Sales history on a till with 100,000 sales (a real SQLite file with every migration): each search
// key answers its first page, and a page deep in the past, on an index (checked in the query plan).
// Prints the times it measured.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistorySearch } from '../../../shared/contract';
import { JOURNAL_MIGRATIONS, PaymentJournal } from '../../../electron/services/payments/journal';
import { HISTORY_MIGRATIONS, SaleHistory } from '../../../electron/services/sales/history';
import { REFUND_MIGRATIONS, SaleRefunds } from '../../../electron/services/sales/refunds';
import { SALES_MIGRATIONS } from '../../../electron/services/sales/sales-ledger';
import { openDatabase, type Db } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';

const SALES = 100_000;
const START = Date.UTC(2025, 0, 1);

let dir: string;
let db: Db;
let history: SaleHistory;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-history-scale-'));
  const clock = new ManualClock();
  db = openDatabase(
    join(dir, 'paydesk.sqlite'),
    [...JOURNAL_MIGRATIONS, ...SALES_MIGRATIONS, ...HISTORY_MIGRATIONS, ...REFUND_MIGRATIONS],
    clock,
  );
  const sale = db.prepare(
    `INSERT INTO sales (id, number, state, currency, lines, total, created_at, completed_at, served_by)
     VALUES (?, ?, 'completed', 'GBP', '[]', ?, ?, ?, ?)`,
  );
  const tender = db.prepare(
    `INSERT INTO tenders (sale_id, kind, amount, payment_id, created_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const payment = db.prepare(
    `INSERT INTO card_payments (id, sale_id, terminal_id, type, amount, currency, state, result, record, created_at, updated_at)
     VALUES (?, ?, 'T1', 'SALE', ?, 'GBP', 'finished', 'SUCCESSFUL', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let n = 1; n <= SALES; n++) {
      const id = `sale-${n}`;
      const at = new Date(START + n * 60_000).toISOString();
      const total = 100 + ((n * 7919) % 20_000);
      const who = JSON.stringify({ id: `staff-${n % 5}`, name: `Person ${n % 5}` });
      sale.run(id, n, total, at, at, who);
      if (n % 2 === 0) {
        const pan = `************${String((n * 31) % 10_000).padStart(4, '0')}`;
        payment.run(`pay-${n}`, id, total, JSON.stringify({ primaryAccountNumber: pan }), at, at);
        tender.run(id, 'card', total, `pay-${n}`, at);
      } else {
        tender.run(id, 'cash', total, null, at);
      }
    }
  })();
  db.exec('ANALYZE');
  const journal = new PaymentJournal(db);
  const refunds = new SaleRefunds({
    db,
    clock,
    sale: () => {
      throw new Error('unused');
    },
    startCardRefund: async () => ({ paymentId: '' }),
    payment: () => null,
    refundsAgainst: () => [],
    onPaymentChange: () => () => {},
    cardLastDigits: () => null,
    printReceipt: async () => undefined,
    receiptSettings: () => ({ shop: { name: 'Shop', addressLines: [] }, paperWidth: 80 }),
    onRefund: () => {},
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  history = new SaleHistory({
    db,
    clock,
    sale: () => {
      throw new Error('unused');
    },
    refunds,
    salesByCardDigits: (digits) => journal.saleIdsPaidByCardEnding(digits),
    cardPayment: () => null,
    receiptLines: () => [],
    printReceipt: async () => undefined,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
});

after(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** How SQLite runs the search: every read of the sales table must go through an index. */
function plan(search: HistorySearch): string[] {
  const { sql, args } = history.query(search);
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[];
  return rows.map((r) => r.detail);
}

function timed(search: HistorySearch): { ms: number; receipts: string[] } {
  history.search(search); // warm the statement cache, as a till that has searched once
  const started = performance.now();
  const page = history.search(search);
  return { ms: performance.now() - started, receipts: page.sales.map((s) => s.receiptNumber) };
}

test(`each search key answers on an index on ${SALES.toLocaleString('en-GB')} sales`, () => {
  const day = (d: number) => new Date(START + d * 24 * 60 * 60_000).toISOString();
  const cases: Array<[string, HistorySearch, (receipts: string[]) => void]> = [
    ['newest page', {}, (r) => assert.equal(r[0], 'S100000')],
    ['receipt number', { receiptNumber: 'S054321' }, (r) => assert.deepEqual(r, ['S054321'])],
    ['one day', { from: day(30), to: day(31) }, (r) => assert.equal(r.length, 25)],
    ['a whole month', { from: day(10), to: day(40) }, (r) => assert.equal(r.length, 25)],
    ['amount', { amount: 100 + ((777 * 7919) % 20_000) }, (r) => assert.ok(r.includes('S000777'))],
    ['cashier', { cashierId: 'staff-3' }, (r) => assert.equal(r[0], 'S099998')],
    [
      'card digits',
      { cardLastDigits: String((4242 * 31) % 10_000).padStart(4, '0') },
      (r) => assert.ok(r.includes('S004242')),
    ],
    ['deep page', { after: 20_000 }, (r) => assert.equal(r[0], 'S019999')],
    ['cashier, deep page', { cashierId: 'staff-1', after: 5_000 }, (r) => assert.equal(r[0], 'S004996')],
  ];
  const times: string[] = [];
  for (const [name, search, check] of cases) {
    const { ms, receipts } = timed(search);
    check(receipts);
    // A key narrows the sales by an index (SEARCH); walking them all in number order (SCAN) would
    // grow with the history. Only the unfiltered newest page walks, and it stops after one page.
    if (name !== 'newest page') {
      const steps = plan(search);
      assert.ok(
        steps.some((d) => /^SEARCH s USING/.test(d)) && !steps.some((d) => /^SCAN s\b/.test(d)),
        `${name} walks the sales: ${steps.join(' / ')}`,
      );
    }
    // Times are reported, not asserted: a busy machine must not fail the suite (the plan check
    // above is what keeps a search on its index).
    times.push(`${name} ${ms.toFixed(1)} ms`);
  }
  console.log(`history search on ${SALES} sales: ${times.join(', ')}`);
});
