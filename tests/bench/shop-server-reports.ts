// The shop reports on a real PostgreSQL (started here through tests/support/postgres.ts):
// - the shop Z over 1,000,000 journal rows of two tills (goal ≤ 2 s): the rows carry real
//   contributions (random days' rows, tests/support/random-day.ts, worked out by the till's code)
//   and go in through the journal's triggers in statements of 50,000 (that rate is reported, and
//   beside it the rate of 200,000 rows without the report trigger); the Z is run by a till's login through the service a till runs (ShopReports),
//   and its sales are checked against the same contributions added up in JavaScript;
// - the lag from a cash sale on one whole till to a shop X on the other showing it (p50, p95;
//   goal p95 ≤ 2 s), through the real outbox on the system clock.
// Without PostgreSQL installed it says so in one line and reports nothing.
import { performance } from 'node:perf_hooks';
import { createLogger } from '../../electron/services/common/logger';
import { systemClock } from '../../electron/services/common/clock';
import { findPostgresPrograms } from '../../electron/services/shop-server/local-postgres';
import { ShopReports } from '../../electron/services/shop-server/shop-reports';
import { contributionOf, type Contribution } from '../../electron/services/till-reports/contribution';
import { hourReader } from '../../electron/services/till-reports/row-rules';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { random, randomDay } from '../support/random-day';
import { prepareShop, tillSettings } from '../support/shop-server';
import { startShopTill } from '../support/shop-tills';
import type { BenchFigure } from './types';

const ROWS = 1_000_000;
const DISTINCT = 20_000;
const CHUNK = 50_000;
const BASELINE = 200_000;
const LAG_SALES = 40;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Random days' rows' contributions, as tills would send them. */
function sampleContributions(): Contribution[] {
  const pool: Contribution[] = [];
  for (let seed = 1; pool.length < DISTINCT; seed++) {
    const day = randomDay(seed, { sales: 2_000 });
    const ctx = {
      currency: day.facts.currency,
      hourOf: hourReader(day.timeZone),
      terminalOf: day.facts.terminalOf,
      terminalName: day.facts.terminalName,
      categories: day.facts.categories,
    };
    for (const row of day.rows) pool.push(contributionOf(row, ctx));
  }
  return pool.slice(0, DISTINCT);
}

async function shopZOverAMillion(server: TestPostgres): Promise<BenchFigure[]> {
  const shop = await prepareShop(server, 2);
  const pool = sampleContributions();
  await server.query(
    shop.database,
    'CREATE TABLE bench_samples (i integer PRIMARY KEY, report jsonb NOT NULL)',
  );
  for (let i = 0; i < pool.length; i += 2_000)
    await server.query(
      shop.database,
      `INSERT INTO bench_samples SELECT (r.i)::int, r.report FROM jsonb_to_recordset($1::jsonb) AS r(i int, report jsonb)`,
      [JSON.stringify(pool.slice(i, i + 2_000).map((report, k) => ({ i: i + k, report })))],
    );
  // Row g is till 1 + g % 2's, with sample g % DISTINCT's contribution.
  const insert = (from: number, to: number, prefix: string) =>
    server.query(
      shop.database,
      `INSERT INTO journal (shop_id, till_id, kind, local_id, seq, body)
       SELECT $1, 1 + g % 2, 'sale', $4 || g, g, jsonb_build_object('report', s.report)
         FROM generate_series($2::int, $3::int) g JOIN bench_samples s ON s.i = g % ${DISTINCT}`,
      [shop.shopId, from, to, prefix],
    );
  // What the triggers cost: the same rows without them first (then taken out again).
  await server.query(shop.database, 'ALTER TABLE journal DISABLE TRIGGER shop_report_add_inserted');
  const plain = performance.now();
  for (let first = 1; first <= BASELINE; first += CHUNK)
    await insert(first, Math.min(BASELINE, first + CHUNK - 1), 'plain-');
  const plainSeconds = (performance.now() - plain) / 1000;
  await server.query(shop.database, "DELETE FROM journal WHERE local_id LIKE 'plain-%'");
  await server.query(shop.database, 'ALTER TABLE journal ENABLE TRIGGER shop_report_add_inserted');
  await server.query(shop.database, 'VACUUM journal');
  const began = performance.now();
  for (let first = 1; first <= ROWS; first += CHUNK)
    await insert(first, Math.min(ROWS, first + CHUNK - 1), 'bench-');
  const ingestSeconds = (performance.now() - began) / 1000;

  // What the Z must show: the same contributions added up here.
  let expected = 0;
  for (let g = 1; g <= ROWS; g++) expected += pool[g % DISTINCT]!.sums['sales||amount'] ?? 0;

  const login = shop.tills[0]!;
  const reports = new ShopReports({
    settings: () => tillSettings(server, shop, login),
    password: async () => login.password,
    currency: 'EUR',
    categories: () => new Map(),
    clock: systemClock,
    serving: () => null,
    requireZ: () => null,
    printReceipt: async () => undefined,
    printSettings: () => ({ shopName: 'Bench', paperWidth: 80 }),
    logger: createLogger('bench', () => undefined),
  });
  const xTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await reports.x();
    xTimes.push(performance.now() - t);
  }
  const t = performance.now();
  const z = await reports.z();
  const zMs = performance.now() - t;
  if (z.report.sales.amount !== expected)
    throw new Error(`the shop Z shows ${z.report.sales.amount}, the rows add up to ${expected}`);
  return [
    { name: 'shop Z over 1,000,000 journal rows', value: Math.round(zMs), unit: 'ms', goal: '≤ 2000' },
    {
      name: 'shop X over 1,000,000 journal rows (median of 3)',
      value: Math.round(xTimes.sort((a, b) => a - b)[1]!),
      unit: 'ms',
    },
    {
      name: 'journal rows in with the report triggers',
      value: Math.round(ROWS / ingestSeconds),
      unit: 'rows/s',
    },
    {
      name: 'journal rows in without them (200,000 rows)',
      value: Math.round(BASELINE / plainSeconds),
      unit: 'rows/s',
    },
  ];
}

async function saleToShopReport(server: TestPostgres): Promise<BenchFigure[]> {
  const shop = await prepareShop(server, 2);
  const one = await startShopTill(server, shop, 1, { realClock: true });
  const two = await startShopTill(server, shop, 2, { realClock: true });
  try {
    const rand = random(7);
    const priced = two.products.filter((p) => p.price > 0);
    const lags: number[] = [];
    for (let i = 0; i < LAG_SALES; i++) {
      const sale = await two.t.call('sales.open', {
        lines: [{ productId: rand.pick(priced).id, quantity: 1 }],
      });
      const began = performance.now();
      await two.t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
      for (;;) {
        const x = await one.t.call('shopReports.x', {});
        if (x.report.sales.count === i + 1) break;
      }
      lags.push(performance.now() - began);
    }
    const sorted = lags.sort((a, b) => a - b);
    return [
      {
        name: 'sale on one till to the shop X on another, p50',
        value: Math.round(percentile(sorted, 50)),
        unit: 'ms',
      },
      {
        name: 'sale on one till to the shop X on another, p95',
        value: Math.round(percentile(sorted, 95)),
        unit: 'ms',
        goal: '≤ 2000',
      },
    ];
  } finally {
    await one.close();
    await two.close();
  }
}

export async function benchShopServerReports(): Promise<BenchFigure[]> {
  try {
    findPostgresPrograms();
  } catch {
    console.error(
      'shop-server-reports: PostgreSQL is not installed here (scripts/setup-test-machine.sh installs it); skipped',
    );
    return [];
  }
  const server = await startTestPostgres();
  try {
    return [...(await saleToShopReport(server)), ...(await shopZOverAMillion(server))];
  } finally {
    await server.close();
  }
}
