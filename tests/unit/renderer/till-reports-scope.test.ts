// The till reports store's two scopes: this till's reports (tillReports.*) and, while a shop
// server is on, the whole shop's (shopReports.*): X, Z, past shop Z reports shown by their own
// number, opening one, printing and the two CSV files; switching back shows the till's again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ShopReportView, TillReportView } from '../../../shared/contract';
import { createTillReportsStore } from '../../../renderer/src/state/till-reports';
import { FakeTill } from './fake-till';

const report = (over: Partial<TillReportView> = {}): TillReportView => ({
  kind: 'X',
  number: null,
  currency: 'EUR',
  since: null,
  until: '2026-12-07T10:00:00.000Z',
  runBy: null,
  sales: { count: 1, amount: 500, refunds: 0, net: 500 },
  tenders: [],
  vat: [],
  categories: [],
  cashiers: [],
  hours: [],
  refunds: [],
  refundsWithoutItems: { count: 0, amount: 0 },
  discounts: { count: 0, amount: 0 },
  priceOverrides: { count: 0, amount: 0 },
  voids: { count: 0, amount: 0 },
  noSales: { count: 0 },
  cashMovements: [],
  shifts: [],
  ...over,
});

const shopView = (kind: 'X' | 'Z', number: number | null): ShopReportView => ({
  report: report({ kind, number, sales: { count: 3, amount: 1200, refunds: 0, net: 1200 } }),
  tills: [
    { number: 1, name: 'Front', report: report({ kind, till: 1 }) },
    {
      number: 2,
      name: 'Bar',
      report: report({ kind, till: 2, sales: { count: 2, amount: 700, refunds: 0, net: 700 } }),
    },
  ],
});

function fakeTill() {
  return new FakeTill()
    .answer('tillReports.list', () => [])
    .answer('tillReports.x', () => report())
    .answer('shopReports.list', () => [
      {
        number: 4,
        till: 2,
        since: null,
        until: '2026-12-06T22:00:00.000Z',
        currency: 'EUR',
        gross: 900,
        net: 800,
      },
    ])
    .answer('shopReports.x', () => shopView('X', null))
    .answer('shopReports.z', () => shopView('Z', 5))
    .answer('shopReports.get', ({ zNumber }) => shopView('Z', zNumber))
    .answer('shopReports.print', () => ({ ok: true }))
    .answer('shopReports.exportCsv', () => ({
      summary: { fileName: 'shop-summary.csv', text: 'a' },
      tills: { fileName: 'shop-by-till.csv', text: 'b' },
    }));
}

test('the whole shop’s reports come from shopReports, each till’s part beside the shop’s', async () => {
  const fake = fakeTill();
  const store = createTillReportsStore(fake);
  await store.getState().load();
  await store.getState().setScope('shop');
  // A past shop Z is listed by its own number, never as a till's ("2-4").
  assert.deepEqual(
    store.getState().past.map((z) => [z.number, 'till' in z]),
    [[4, false]],
  );
  await store.getState().runX();
  assert.equal(store.getState().report?.sales.amount, 1200);
  assert.deepEqual(
    store.getState().tills?.map((t) => [t.number, t.name, t.report.sales.amount]),
    [
      [1, 'Front', 500],
      [2, 'Bar', 700],
    ],
  );
  await store.getState().runZ();
  assert.equal(store.getState().report?.number, 5);
  await store.getState().print();
  const saved: string[] = [];
  await store.getState().exportCsv((file) => saved.push(file.fileName));
  assert.deepEqual(saved, ['shop-summary.csv', 'shop-by-till.csv']);
  await store.getState().open(4);
  await store.getState().print();
  assert.deepEqual(
    fake.calls.filter(
      (c) => c.method.startsWith('shopReports.print') || c.method.startsWith('shopReports.export'),
    ),
    [
      { method: 'shopReports.print', input: { zNumber: 5 } },
      { method: 'shopReports.exportCsv', input: { zNumber: 5 } },
      { method: 'shopReports.print', input: { zNumber: 4 } },
    ],
  );
  assert.equal(fake.calls.filter((c) => c.method.startsWith('tillReports.x')).length, 0);

  await store.getState().setScope('till');
  assert.equal(store.getState().report, null);
  await store.getState().runX();
  assert.equal(store.getState().tills, null);
  assert.equal(store.getState().report?.sales.amount, 500);
});
