// The till's side of a shop report over 1,000,000 journal rows: each row's contribution worked
// out on the till (till-reports/contribution.ts), then 1,000,000 contributions added up in JS
// and turned into the report. The rows are random days' (tests/support/random-day.ts: mostly
// sales of 1–4 lines with their tenders, and refunds, card refunds, No-sales, cash movements and
// shifts); 20,000 distinct rows' contributions are added 50 times over, so the figure is the
// adding and the working out, not building a million days in memory. What the shop server
// does in PostgreSQL is measured by its own suite.
import { performance } from 'node:perf_hooks';
import {
  contributionOf,
  contributionSchema,
  reportFromContributions,
  sumContributions,
  type Contribution,
} from '../../electron/services/till-reports/contribution';
import { hourReader } from '../../electron/services/till-reports/row-rules';
import { randomDay, type RandomDay } from '../support/random-day';
import type { BenchFigure } from './types';

const DISTINCT = 20_000;
const ROWS = 1_000_000;

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchReportContributions(): Promise<BenchFigure[]> {
  const days: RandomDay[] = [];
  let rows = 0;
  for (let seed = 1; rows < DISTINCT; seed++) {
    const day = randomDay(seed, { sales: 2_000 });
    days.push(day);
    rows += day.rows.length;
  }
  // Working out each row's contribution, as the till does when it sends a row up: once to warm
  // up (code compiled, each day's hours read), then timed.
  const rowsOf = days
    .flatMap((day) => {
      const ctx = {
        currency: day.facts.currency,
        hourOf: hourReader(day.timeZone),
        terminalOf: day.facts.terminalOf,
        terminalName: day.facts.terminalName,
        categories: day.facts.categories,
      };
      return day.rows.map((row) => ({ row, ctx }));
    })
    .slice(0, DISTINCT);
  const workOut = () => rowsOf.map(({ row, ctx }) => contributionOf(row, ctx));
  workOut();
  const started = performance.now();
  const pool: Contribution[] = workOut();
  const perRowUs = ((performance.now() - started) * 1000) / DISTINCT;
  const lines = rowsOf.reduce(
    (a, { row }) => a + row.reduce((n, f) => n + (f.kind === 'sale' ? f.sale.lines.length : 0), 0),
    0,
  );
  // As they would come back from a journal body: JSON text, read by the schema (warmed likewise).
  const texts = pool.map((c) => JSON.stringify(c));
  const readAll = () => texts.map((t) => contributionSchema.parse(JSON.parse(t)));
  readAll();
  const readStarted = performance.now();
  const read = readAll();
  const readPerRowUs = ((performance.now() - readStarted) * 1000) / DISTINCT;

  const options = { currency: 'GBP', categories: days[0]!.facts.categories, noSalesKept: true };
  const one = reportFromContributions(sumContributions(read), options);
  const million = Array.from({ length: ROWS }, (_, i) => read[i % DISTINCT]!);
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const report = reportFromContributions(sumContributions(million), options);
    times.push(performance.now() - t0);
    const times50 = ROWS / DISTINCT;
    if (
      report.sales.amount !== one.sales.amount * times50 ||
      report.sales.count !== one.sales.count * times50
    )
      throw new Error('the million rows did not add up to fifty times the twenty thousand');
  }
  return [
    {
      name: 'shop report (till side): work out one row’s contribution (µs per row)',
      value: Math.round(perRowUs * 10) / 10,
      unit: 'µs',
    },
    {
      name: 'shop report (till side): read one contribution from JSON through its schema (µs per row)',
      value: Math.round(readPerRowUs * 10) / 10,
      unit: 'µs',
    },
    {
      name: `shop report (till side): add 1,000,000 contributions (${Math.round((lines / DISTINCT) * ROWS).toLocaleString('en-GB')} sale lines) and work out the report (median of 3)`,
      value: Math.round(median(times)),
      unit: 'ms',
      goal: '≤ 2000 (the shop Z, on the server)',
    },
  ];
}
