// The till's X and Z reports over a day of 100,000 journal lines (sale lines, with their cash,
// card and hand-keyed card tenders): the time to compute the report through the contract, and
// the time to close the day with a Z (report, line-level CSV, saved and queued for printing).
import { performance } from 'node:perf_hooks';
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import { setUpStaff } from '../support/staff';
import { startTestTill, type TestTill } from '../support/till';
import { seedSales } from './seed-sales';
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

export async function benchTillReports(): Promise<BenchFigure[]> {
  const t = await startTestTill();
  try {
    await setUpStaff((method, input) => call(t, method, input));
    const { products } = await call(t, 'catalogue.get', {});
    // A day of sales: ten hours ago, over nine hours.
    seedSales(t.dataDir, products, {
      sales: LINES / LINES_PER_SALE,
      linesPerSale: LINES_PER_SALE,
      firstNumber: 1_000_000,
      from: Date.now() - 10 * 60 * 60_000,
      spanMs: 9 * 60 * 60_000,
      terminalId: TERMINAL,
    });
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
