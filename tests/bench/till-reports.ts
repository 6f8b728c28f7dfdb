// The till's X and Z reports over a day of 100,000 journal lines (sale lines, with their cash,
// card and hand-keyed card tenders): the time to compute the report through the contract, and
// the time to close the day with a Z (report, line-level CSV, saved and queued for printing).
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import { setUpStaff } from '../support/staff';
import { startTestTill, type TestTill } from '../support/till';
import type { BenchFigure } from './types';

const LINES = 100_000;
const LINES_PER_SALE = 4;
const TERMINAL = '22900001';

async function call<M extends MethodName>(
  t: TestTill,
  method: M,
  input: MethodInput<M>,
): Promise<MethodOutput<M>> {
  const reply = await t.till.dispatch(method, input);
  if (!reply.ok) throw new Error(`${method} failed: ${reply.error.message}`);
  return reply.value as MethodOutput<M>;
}

/** Writes a day of sales straight into the till's database (a second connection, one transaction). */
function seedDay(
  dataDir: string,
  products: Array<{ id: string; sku: string; name: string; price: number; vatRate: number }>,
) {
  const db = new Database(join(dataDir, 'paydesk.sqlite'));
  const start = Date.now() - 10 * 60 * 60_000;
  const sale = db.prepare(
    `INSERT INTO sales (id, number, state, currency, lines, total, created_at, completed_at, served_by)
       VALUES (?, ?, 'completed', 'GBP', ?, ?, ?, ?, ?)`,
  );
  const tender = db.prepare(
    `INSERT INTO tenders (sale_id, kind, amount, given, payment_id, reference, needs_reconciliation, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const payment = db.prepare(
    `INSERT INTO card_payments (id, sale_id, terminal_id, type, amount, currency, state, result, created_at, updated_at)
       VALUES (?, ?, ?, 'SALE', ?, 'GBP', 'finished', 'SUCCESSFUL', ?, ?)`,
  );
  const cashiers = ['Casey', 'Sasha', 'Morgan'].map((name) => JSON.stringify({ id: name, name }));
  db.transaction(() => {
    const sales = LINES / LINES_PER_SALE;
    for (let n = 0; n < sales; n++) {
      const at = new Date(start + Math.floor((n * 9 * 60 * 60_000) / sales)).toISOString();
      const lines = Array.from({ length: LINES_PER_SALE }, (_, i) => {
        const p = products[(n * LINES_PER_SALE + i) % products.length]!;
        const quantity = 1 + (i % 3);
        return {
          productId: p.id,
          sku: p.sku,
          name: p.name,
          quantity,
          unitPrice: p.price,
          lineTotal: p.price * quantity,
          vatRate: p.vatRate,
        };
      });
      const total = lines.reduce((a, l) => a + l.lineTotal, 0);
      const id = randomUUID();
      sale.run(id, 1_000_000 + n, JSON.stringify(lines), total, at, at, cashiers[n % 3]);
      if (n % 3 === 0) tender.run(id, 'cash', total, total + 50, null, null, 0, at);
      else if (n % 3 === 1) {
        const paymentId = randomUUID();
        payment.run(paymentId, id, TERMINAL, total, at, at);
        tender.run(id, 'card', total, null, paymentId, null, 0, at);
      } else tender.run(id, 'manual_card', total, null, null, 'REF', 1, at);
    }
  })();
  db.close();
}

export async function benchTillReports(): Promise<BenchFigure[]> {
  const t = await startTestTill();
  try {
    await setUpStaff((method, input) => call(t, method, input));
    const { products } = await call(t, 'catalogue.get', {});
    seedDay(t.dataDir, products);
    await call(t, 'tillReports.x', {}); // warm: statements prepared, code compiled
    const times: number[] = [];
    let lines = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const x = await call(t, 'tillReports.x', {});
      times.push(performance.now() - started);
      lines = x.categories.reduce((a, c) => a + c.quantity, 0) > 0 ? x.sales.count * LINES_PER_SALE : 0;
    }
    if (lines !== LINES) throw new Error(`the report saw ${lines} lines, not ${LINES}`);
    times.sort((a, b) => a - b);
    const started = performance.now();
    const z = await call(t, 'tillReports.z', {});
    const zMs = performance.now() - started;
    if (z.sales.count * LINES_PER_SALE !== LINES) throw new Error('the Z did not close the whole day');
    return [
      {
        name: 'till report over 100,000 journal lines (X, median of 5)',
        value: Math.round(times[2]!),
        unit: 'ms',
        goal: '< 1000',
      },
      {
        name: 'Z report over 100,000 journal lines (closed, line CSV saved)',
        value: Math.round(zMs),
        unit: 'ms',
        goal: '< 1000',
      },
    ];
  } finally {
    await t.close();
  }
}
