// The shop reports service over a stand-in for the shop server's answers (the real PostgreSQL is
// in tests/fault/shop-server-reports.test.ts): the totals of the open period worked out into the
// shop's report and each till's; a shop Z guarded first, its number taken before where its
// period starts is read, kept and printed in one transaction, rolled back whole on a failure;
// refusals in words when no shop server is set, when it is away, or a Z is not there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StaffStamp } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import type { ShopServerSettings } from '../../../shared/settings';
import type { ShopServerLink } from '../../../electron/services/shop-server/connection';
import { ShopReports, type ShopReportsDeps } from '../../../electron/services/shop-server/shop-reports';

const SETTINGS: ShopServerSettings = {
  enabled: true,
  address: 'postgres://shop.example:5432/shop',
  tillNumber: 1,
  tillName: 'Front',
  login: 'till_1',
  tls: 'prefer',
};
const ANN: StaffStamp = { id: 'ann', name: 'Ann' };
const SINCE = new Date('2026-12-06T22:00:00.000Z');
const NOW = Date.parse('2026-12-07T09:00:00.000Z');

/** The server's rows for the open period 3: till 1 sold 2 for £12.50 (one hour, one cashier), till 2 none. */
function server(
  over: { totals?: Array<{ till_id: number; key: string; value: string }>; failOn?: RegExp } = {},
) {
  const queries: Array<{ sql: string; values: unknown[] }> = [];
  let closed = 0;
  const client = {
    async query(sql: string, values: unknown[] = []) {
      queries.push({ sql: sql.replace(/\s+/g, ' ').trim(), values });
      if (over.failOn?.test(sql)) throw Object.assign(new Error('Connection terminated unexpectedly'), {});
      if (/last_z_number \+ 1 AS period/.test(sql)) return { rows: [{ period: 3, since: SINCE }] };
      if (/FROM tills/.test(sql))
        return {
          rows: [
            { number: 1, name: 'Front' },
            { number: 2, name: 'Bar' },
          ],
        };
      if (/FROM shop_report_totals/.test(sql))
        return {
          rows: over.totals ?? [
            { till_id: 1, key: 'sales||count', value: '2' },
            { till_id: 1, key: 'sales||amount', value: '1250' },
            { till_id: 1, key: 'tender|cash|count', value: '2' },
            { till_id: 1, key: 'tender|cash|amount', value: '1250' },
            { till_id: 1, key: 'cashier|ann|count', value: '2' },
            { till_id: 1, key: 'cashier|ann|amount', value: '1250' },
            { till_id: 1, key: 'product|7|amount', value: '1250' },
            { till_id: 1, key: 'product|7|quantity', value: '2' },
          ],
        };
      if (/FROM shop_report_names/.test(sql))
        return { rows: [{ till_id: 1, what: 'cashier', id: 'ann', naming: 'Ann' }] };
      if (/FROM shop_report_shifts/.test(sql))
        return {
          rows: [
            {
              till_id: 2,
              figures: [
                { number: 4, float: 500, expected: 500, counted: 450, difference: -50, countedBy: 'Bo' },
              ],
            },
          ],
        };
      if (/take_shop_z_number/.test(sql)) return { rows: [{ number: 5 }] };
      if (/FROM shop_z_reports WHERE shop_id = \$1 AND number/.test(sql)) return { rows: [] };
      return { rows: [] };
    },
  };
  const link = (): ShopServerLink => ({
    client: client as unknown as ShopServerLink['client'],
    shopId: 9,
    shopName: 'Corner',
    tillNumber: 1,
    tillName: 'Front',
    encrypted: true,
    close: async () => {
      closed++;
    },
  });
  return { queries, link, closed: () => closed };
}

function reports(over: Partial<ShopReportsDeps> & { link?: () => ShopServerLink } = {}) {
  const printed: Array<{ id: string; lines: string[] }> = [];
  const errors: string[] = [];
  const order: string[] = [];
  const deps: ShopReportsDeps = {
    settings: () => SETTINGS,
    password: async () => 'secret',
    connect: async () => {
      order.push('connect');
      return (over.link ?? server().link)();
    },
    currency: 'GBP',
    categories: () => new Map([['7', 'Coffee']]),
    clock: { now: () => NOW },
    serving: () => ANN,
    requireZ: () => {
      order.push('requireZ');
      return ANN;
    },
    printReceipt: async (id, lines) => {
      printed.push({ id, lines: lines.map((l) => l.value) });
    },
    printSettings: () => ({ shopName: 'Corner', paperWidth: 80, timeZone: 'Europe/London' }),
    logger: { info: () => {}, warn: (m) => errors.push(m), error: (m) => errors.push(m) },
    ...over,
  };
  return { service: new ShopReports(deps), printed, errors, order };
}

test('the shop X: the open period’s totals worked out into the shop’s report and each till’s', async () => {
  const s = server();
  const { service } = reports({ link: s.link });
  const view = await service.x();
  assert.deepEqual(
    [view.report.kind, view.report.number, view.report.since, view.report.until, view.report.runBy],
    ['X', null, SINCE.toISOString(), new Date(NOW).toISOString(), ANN],
  );
  assert.deepEqual(view.report.sales, { count: 2, amount: 1250, refunds: 0, net: 1250 });
  assert.deepEqual(view.report.categories, [
    { category: 'Coffee', quantity: 2, amount: 1250, refunds: 0, net: 1250 },
  ]);
  assert.deepEqual(
    view.report.cashiers.map((c) => [c.name, c.amount]),
    [['Ann', 1250]],
  );
  assert.deepEqual(
    view.report.shifts.map((sh) => [sh.number, sh.difference]),
    [[4, -50]],
  );
  assert.deepEqual(
    view.tills.map((t) => [
      t.number,
      t.name,
      t.report.till,
      t.report.number,
      t.report.sales.amount,
      t.report.shifts.length,
    ]),
    [
      [1, 'Front', 1, null, 1250, 0],
      [2, 'Bar', 2, null, 0, 1],
    ],
  );
  // Only this shop's open period is read, and the connection is closed after.
  const periodReads = s.queries.filter((q) => /FROM shop_report_/.test(q.sql));
  assert.equal(periodReads.length, 3);
  for (const q of periodReads) assert.deepEqual(q.values, [9, 3]);
  assert.ok(!s.queries.some((q) => /BEGIN|take_shop_z_number/.test(q.sql)));
  assert.equal(s.closed(), 1);
});

test('a shop Z: guarded first, then its number, where its period starts, kept and printed in one transaction', async () => {
  const s = server();
  const { service, printed, order } = reports({ link: s.link });
  const z = await service.z();
  assert.deepEqual(order, ['requireZ', 'connect']);
  assert.deepEqual([z.report.kind, z.report.number, z.tills[0]!.report.kind], ['Z', 5, 'Z']);
  const steps = s.queries.map((q) => q.sql.split(' ').slice(0, 3).join(' '));
  const at = (what: RegExp) => s.queries.findIndex((q) => what.test(q.sql));
  assert.equal(steps[0], 'BEGIN');
  assert.ok(
    at(/take_shop_z_number/) < at(/last_z_number \+ 1 AS period/),
    'the number before the period’s start',
  );
  // The period it closes is the number it took.
  for (const q of s.queries.filter((q) => /FROM shop_report_/.test(q.sql)))
    assert.deepEqual(q.values, [9, 5]);
  const insert = s.queries[at(/INSERT INTO shop_z_reports/)]!;
  assert.deepEqual(insert.values.slice(0, 5), [9, 5, 1, SINCE.toISOString(), new Date(NOW).toISOString()]);
  assert.deepEqual(JSON.parse(insert.values[5] as string), z);
  assert.equal(s.queries.at(-1)!.sql, 'COMMIT');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    printed.map((p) => p.id),
    ['shop-z-5'],
  );
  assert.ok(printed[0]!.lines.includes('SHOP Z REPORT 5'));
  assert.ok(printed[0]!.lines.includes('By till'));
});

test('a shop Z that fails on the way is rolled back whole and prints nothing; one refused never connects', async () => {
  const s = server({ failOn: /INSERT INTO shop_z_reports/ });
  const { service, printed, errors } = reports({ link: s.link });
  const failed = await service.z().catch((e: unknown) => e);
  assert.ok(failed instanceof TillError);
  assert.equal(failed.code, 'unreachable');
  assert.equal(failed.words?.key, 'shopServer.unreachable');
  assert.equal(s.queries.at(-1)!.sql, 'ROLLBACK');
  assert.equal(s.closed(), 1);
  assert.deepEqual(printed, []);
  assert.equal(errors.length, 1);

  const refused = reports({
    requireZ: () => {
      throw new TillError('not_allowed', 'A supervisor or manager runs the Z.');
    },
  });
  await assert.rejects(refused.service.z(), (e: TillError) => e.code === 'not_allowed');
  assert.deepEqual(refused.order, []);
});

test('refused in words: no shop server set, the server away, a shop Z not there, a sum it cannot read', async () => {
  const off = reports({ settings: () => ({ ...SETTINGS, enabled: false }) });
  await assert.rejects(
    off.service.x(),
    (e: TillError) => e.code === 'not_configured' && e.words?.key === 'shopReport.notSetUp',
  );
  assert.deepEqual(off.order, []);

  const away = reports({
    connect: async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    },
  });
  const e = (await away.service.x().then(
    () => null,
    (error: unknown) => error,
  )) as TillError;
  assert.deepEqual([e.code, e.words?.key], ['unreachable', 'shopServer.unreachable']);
  assert.doesNotMatch(e.message, /ECONNREFUSED|10\.0\.0\.5/);
  assert.equal(away.errors.length, 1);

  const missing = reports();
  await assert.rejects(
    missing.service.get(12),
    (error: TillError) => error.code === 'not_found' && error.words?.params?.number === 12,
  );

  const unsafe = server({ totals: [{ till_id: 1, key: 'sales||amount', value: '90071992547409930' }] });
  await assert.rejects(
    reports({ link: unsafe.link }).service.x(),
    (error: TillError) => error.code === 'unreachable',
  );
});

test('print and CSV: the shop so far on this till’s printer, and its two files', async () => {
  const { service, printed } = reports();
  assert.deepEqual(await service.printReport(), { ok: true });
  const files = await service.exportCsv();
  assert.match(files.summary.fileName, /^shop-x-report-2026-12-07-summary\.csv$/);
  assert.match(files.tills.text, /^till,section,key/);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(printed.length, 1);
  assert.match(printed[0]!.id, /^shop-x-[0-9a-f-]{36}$/);
  assert.ok(printed[0]!.lines.includes('SHOP X REPORT (so far)'));
});
