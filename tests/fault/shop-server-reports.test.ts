// The shop's X and Z over all its tills, on a real PostgreSQL with two whole tills whose journals
// go up through the real outbox: after random days of cash and card sales, voids, itemised
// refunds, No-sales, cash in and out and counted shifts, the shop X is the sum of both tills' own
// X to the penny, row by row, and each till's part of it is that till's own X; a row replaced by
// a newer version counts once; shop Z numbers count up, are kept, and the next shop X starts
// empty; a till's login cannot read another shop's totals (nor write any).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type { TillReportView } from '../../shared/contract';
import { inCanonicalOrder } from '../../electron/services/till-reports/contribution';
import { addTill, ensureShop } from '../../electron/services/shop-server/admin';
import { approvedByCard, cardBasket, paidSale } from '../unit/history/support';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { random } from '../support/random-day';
import { waitUntil } from '../support/wait';
import { prepareShop, type TestShop } from '../support/shop-server';
import { startShopTill, upToDate } from '../support/shop-tills';
import type { StaffedTill } from '../support/staffed-till';

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

type Rand = ReturnType<typeof random>;

/** A random stretch of a till's day, on an open shift that is counted at the end. */
async function busyDay(s: StaffedTill, rand: Rand, steps: number): Promise<void> {
  const { t } = s;
  await t.call('shifts.open', { float: [{ value: 1000, count: 5 }] });
  const refundable: string[] = [];
  for (let step = 0; step < steps; step++) {
    // The shop's catalogue as this till has it now (read each time: the shop's rows keep arriving).
    const priced = (await t.call('catalogue.get', {})).products.filter((p) => p.price > 0);
    const roll = rand.int(0, 9);
    if (roll <= 3) {
      const lines = Array.from({ length: rand.int(1, 3) }, () => ({
        productId: rand.pick(priced).id,
        quantity: rand.int(1, 2),
      }));
      refundable.push((await paidSale(t, lines, 'none')).saleId);
    } else if (roll <= 5) {
      // Starting anywhere in the list, going round it: some basket is always one the sandbox approves.
      const start = rand.int(0, priced.length - 1);
      await paidSale(
        t,
        cardBasket([...priced.slice(start), ...priced.slice(0, start)], rand.int(1, 2)),
        'all',
      );
    } else if (roll === 6) {
      const sale = await t.call('sales.open', { lines: [{ productId: rand.pick(priced).id, quantity: 1 }] });
      await t.call('sales.abandon', { saleId: sale.saleId });
    } else if (roll === 7 && refundable.length > 0) {
      const saleId = refundable.splice(rand.int(0, refundable.length - 1), 1)[0]!;
      const refund = await t.call('history.refund', {
        saleId,
        lines: [{ lineIndex: 0, quantity: 1 }],
        cardAmount: 0,
        reason: 'Changed their mind',
      });
      assert.equal(refund.state, 'completed');
    } else if (roll === 8) {
      await t.call('counter.noSale', { reason: 'Change for the float' });
    } else {
      await t.call('shifts.moveCash', {
        direction: rand.chance(0.5) ? 'in' : 'out',
        reason: rand.pick(['paid_out', 'bank_drop', 'float_top_up', 'other'] as const),
        note: 'Milk',
        amount: rand.int(1, 20) * 10,
      });
    }
  }
  await t.call('shifts.close', { counted: [{ value: 1000, count: 6 }] });
}

/** A report without its frame (kind, numbers, times, who ran it): the figures only, in a fixed order. */
function figures(report: TillReportView) {
  const { kind: _k, number: _n, till: _t, since: _s, until: _u, runBy: _r, ...body } = report;
  return inCanonicalOrder(body);
}

/** Rows of a table added up by key (two tills' rows that the shop shows as one). */
function byKey<R>(rows: readonly R[], key: (r: R) => string, fields: readonly (keyof R)[]) {
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const sum = out.get(key(r)) ?? {};
    for (const f of fields) sum[f as string] = (sum[f as string] ?? 0) + Number(r[f] ?? 0);
    out.set(key(r), sum);
  }
  return Object.fromEntries([...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every figure of a report, row by row (cashiers by name: each till knows its own staff). */
function rowsOf(reports: readonly TillReportView[]) {
  const all = <K extends keyof TillReportView>(k: K) => reports.flatMap((r) => r[k] as unknown[]);
  type Row = Record<string, unknown>;
  const rows = (k: keyof TillReportView) => all(k) as Row[];
  return {
    sales: byKey(
      reports.map((r) => r.sales),
      () => 'all',
      ['count', 'amount', 'refunds', 'net'],
    ),
    tenders: byKey(rows('tenders'), (r) => String(r.key), ['count', 'amount']),
    refunds: byKey(rows('refunds'), (r) => String(r.key), ['count', 'amount']),
    vat: byKey(rows('vat'), (r) => String(r.basisPoints), ['gross', 'vat', 'net']),
    categories: byKey(rows('categories'), (r) => String(r.category), [
      'quantity',
      'amount',
      'refunds',
      'net',
    ]),
    cashiers: byKey(rows('cashiers'), (r) => String(r.name), ['count', 'amount', 'refunds', 'net']),
    hours: byKey(rows('hours'), (r) => String(r.hour), ['count', 'amount']),
    discounts: byKey(
      reports.map((r) => r.discounts),
      () => 'all',
      ['count', 'amount'],
    ),
    voids: byKey(
      reports.map((r) => r.voids),
      () => 'all',
      ['count', 'amount'],
    ),
    noSales: byKey(
      reports.map((r) => r.noSales ?? { count: 0 }),
      () => 'all',
      ['count'],
    ),
    cashMovements: byKey(rows('cashMovements'), (r) => `${String(r.direction)}:${String(r.reason)}`, [
      'count',
      'amount',
    ]),
    shifts: byKey(rows('shifts'), (r) => String(r.number), ['float', 'expected', 'counted', 'difference']),
  };
}

/** Both tills sell from the shop's one catalogue once till 2 has joined it (and it has settled). */
async function oneCatalogue(tills: { one: StaffedTill; two: StaffedTill }): Promise<void> {
  const skus = async (s: StaffedTill) =>
    JSON.stringify((await s.t.call('catalogue.get', {})).products.map((p) => `${p.sku}:${p.price}`).sort());
  let same = 0;
  await waitUntil(async () => {
    same = (await skus(tills.one)) === (await skus(tills.two)) ? same + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return same >= 3;
  }, 'both tills to have the shop’s catalogue');
}

/**
 * Till 1 and till 2 of the shop. `twoJoinsEmpty`: till 2 brings no catalogue and takes the shop's,
 * so its product ids differ from till 1's; else both bring the same one and join at once.
 */
async function twoTills(shop: TestShop, twoJoinsEmpty = false) {
  const one = await startShopTill(server, shop, 1);
  const two = await startShopTill(server, shop, 2, { emptyCatalogue: twoJoinsEmpty }).catch(
    async (error: unknown) => {
      await one.close();
      throw error;
    },
  );
  return { one, two, close: () => Promise.all([one.close(), two.close()]) };
}

for (const [twoJoinsEmpty, how] of [
  [false, 'both bringing the same catalogue'],
  [true, 'till 2 joining empty (its product ids differ)'],
] as const)
  test(`after random days on two tills, ${how}, the shop X is the sum of both tills’ own X to the penny, row by row`, async () => {
    const shop = await prepareShop(server, 2);
    const tills = await twoTills(shop, twoJoinsEmpty);
    try {
      await oneCatalogue(tills);
      const rand = random(30);
      await busyDay(tills.one, rand, 40);
      await busyDay(tills.two, rand, 40);
      await upToDate(tills.one);
      await upToDate(tills.two);
      const own = [await tills.one.t.call('tillReports.x', {}), await tills.two.t.call('tillReports.x', {})];
      // Either till runs the same shop report.
      const shopX = await tills.two.t.call('shopReports.x', {});
      assert.deepEqual(
        (await tills.one.t.call('shopReports.x', {})).tills.map((t) => figures(t.report)),
        shopX.tills.map((t) => figures(t.report)),
      );

      assert.ok(own[0]!.sales.count > 5 && own[1]!.sales.count > 5, 'both tills sold');
      assert.ok(own.every((x) => x.refunds.length > 0 && x.cashMovements.length > 0 && x.voids.count > 0));
      assert.deepEqual(
        shopX.tills.map((t) => [t.number, t.name]),
        [
          [1, 'Till 1'],
          [2, 'Till 2'],
        ],
      );
      // Each till's part is its own X, figure for figure.
      shopX.tills.forEach((t, i) =>
        assert.deepEqual(figures(t.report), figures(own[i]!), `till ${t.number}`),
      );
      // The shop's figures are both tills' added up, row by row.
      assert.deepEqual(rowsOf([shopX.report]), rowsOf(own));
      assert.equal(shopX.report.sales.net, own[0]!.sales.net + own[1]!.sales.net);
      assert.equal(shopX.report.kind, 'X');
      assert.equal(shopX.report.number, null);
    } finally {
      await tills.close();
    }
  });

test('a sale sent again in a newer version counts once; shop Z numbers count up and the next shop X starts empty', async () => {
  const shop = await prepareShop(server, 2);
  const tills = await twoTills(shop);
  try {
    await oneCatalogue(tills);
    const priced = (await tills.one.t.call('catalogue.get', {})).products.filter(
      (p) => p.price > 0 && approvedByCard(p.price),
    );
    // The same product on till 2 (each till numbers its own products; the SKU is the shop's).
    const onTwo = new Map((await tills.two.t.call('catalogue.get', {})).products.map((p) => [p.sku, p.id]));
    // A sale is sent open (no share yet), then again when it completes: counted once.
    const sale = await tills.one.t.call('sales.open', {
      lines: [{ productId: priced[0]!.id, quantity: 1 }],
    });
    await upToDate(tills.one);
    await tills.one.t.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
    await paidSale(tills.two.t, [{ productId: onTwo.get(priced[1]!.sku)!, quantity: 2 }], 'none');
    await upToDate(tills.one);
    await upToDate(tills.two);
    const x = await tills.one.t.call('shopReports.x', {});
    assert.equal(x.report.sales.count, 2);
    assert.equal(x.report.sales.amount, sale.total + priced[1]!.price * 2);

    // The same version again, or an older one, changes nothing; a newer one with the same share
    // neither; a newer one with another share counts that share instead of the old.
    const replay = (seq: string, body: string) =>
      server.query(
        shop.database,
        `INSERT INTO journal (shop_id, till_id, kind, local_id, seq, body) VALUES ($1, 1, 'sale', $2, $3, $4)
         ON CONFLICT (shop_id, till_id, kind, local_id)
         DO UPDATE SET seq = excluded.seq, body = excluded.body WHERE journal.seq < excluded.seq`,
        [shop.shopId, sale.saleId, seq, body],
      );
    const [kept] = await server.query<{ seq: string; body: { report: { sums: Record<string, number> } } }>(
      shop.database,
      `SELECT seq, body FROM journal WHERE kind = 'sale' AND local_id = $1`,
      [sale.saleId],
    );
    assert.ok(kept!.body.report.sums['sales||amount'] === sale.total);
    await replay(kept!.seq, JSON.stringify(kept!.body));
    await replay(String(Number(kept!.seq) - 1), JSON.stringify({ report: null }));
    await replay(String(Number(kept!.seq) + 1000), JSON.stringify(kept!.body));
    const again = await tills.one.t.call('shopReports.x', {});
    assert.deepEqual(figures(again.report), figures(x.report));
    const doubled = structuredClone(kept!.body);
    doubled.report.sums['sales||amount'] = sale.total * 2;
    await replay(String(Number(kept!.seq) + 2000), JSON.stringify(doubled));
    const replaced = await tills.one.t.call('shopReports.x', {});
    assert.equal(replaced.report.sales.amount, x.report.sales.amount + sale.total);
    assert.equal(replaced.report.sales.count, 2);
    await replay(String(Number(kept!.seq) + 3000), JSON.stringify(kept!.body));
    await tills.one.t.call('counter.noSale', { reason: 'Change' });
    await upToDate(tills.one);
    const back = await tills.one.t.call('shopReports.x', {});
    assert.equal(back.report.sales.amount, x.report.sales.amount);
    assert.deepEqual(back.report.noSales, { count: 1 });

    // A cashier runs no Z; a manager does, and the shop's next X starts empty.
    const z1 = await tills.two.t.call('shopReports.z', {});
    assert.equal(z1.report.kind, 'Z');
    assert.equal(z1.report.number, 1);
    assert.deepEqual(figures(z1.report), figures(back.report));
    const next = await tills.one.t.call('shopReports.x', {});
    assert.equal(next.report.since, z1.report.until);
    assert.deepEqual(next.report.sales, { count: 0, amount: 0, refunds: 0, net: 0 });
    assert.deepEqual(next.report.tenders, []);
    assert.deepEqual(next.report.noSales, { count: 0 });

    await paidSale(tills.two.t, [{ productId: onTwo.get(priced[0]!.sku)!, quantity: 1 }], 'none');
    await upToDate(tills.two);
    const z2 = await tills.one.t.call('shopReports.z', {});
    assert.equal(z2.report.number, 2);
    assert.equal(z2.report.sales.count, 1);
    assert.deepEqual(
      (await tills.one.t.call('shopReports.list', { limit: 10 })).map((z) => [z.number, z.till, z.gross]),
      [
        [2, 1, priced[0]!.price],
        [1, 2, x.report.sales.amount],
      ],
    );
    // A kept Z reads back as it closed.
    assert.deepEqual(await tills.one.t.call('shopReports.get', { zNumber: 1 }), z1);
    const csv = await tills.one.t.call('shopReports.exportCsv', { zNumber: 1 });
    assert.match(csv.summary.fileName, /^shop-z-report-1-/);
    assert.match(csv.tills.text, /^till,section,key/);
    assert.equal((await tills.one.t.failure('shopReports.get', { zNumber: 9 })).code, 'not_found');
  } finally {
    await tills.close();
  }
});

test('a shop Z is refused to a cashier, and to a till whose shop server is away, in words', async () => {
  const shop = await prepareShop(server, 1);
  const till = await startShopTill(server, shop, 1);
  try {
    await till.staff.signIn('cashier');
    assert.equal((await till.t.failure('shopReports.z', {})).code, 'not_allowed');
    await till.staff.signIn('manager');
    till.t.till.settings.update({
      shopServer: { ...till.t.till.settings.load().shopServer, address: 'postgres://127.0.0.1:9/none' },
    });
    const away = await till.t.failure('shopReports.x', {});
    assert.equal(away.code, 'unreachable');
    assert.doesNotMatch(away.message, /ECONN|127\.0\.0\.1|postgres/);
    assert.deepEqual(
      await server.query(shop.database, 'SELECT last_z_number FROM shops WHERE id = $1', [shop.shopId]),
      [{ last_z_number: 0 }],
    );
  } finally {
    await till.close();
  }
});

test('a till’s login reads only its own shop’s totals and shop Z reports, and writes none', async () => {
  const shop = await prepareShop(server, 1);
  const owner = new pg.Client({ connectionString: shop.ownerUrl });
  await owner.connect();
  const other = await ensureShop(owner, 'Other Shop');
  const otherTill = await addTill(owner, { shopId: other.id, number: 1, name: 'Elsewhere' });
  await owner.end();
  const till = await startShopTill(server, shop, 1);
  try {
    await paidSale(till.t, [{ productId: till.products.find((p) => p.price > 0)!.id, quantity: 1 }], 'none');
    await upToDate(till);
    await till.t.call('shopReports.z', {});
    const as = new pg.Client({
      connectionString: server.server.url(shop.database, otherTill.login, otherTill.password),
    });
    await as.connect();
    try {
      for (const table of ['shop_report_totals', 'shop_report_names', 'shop_z_reports'])
        assert.deepEqual((await as.query(`SELECT * FROM ${table}`)).rows, [], table);
      await assert.rejects(
        as.query(`INSERT INTO shop_report_totals VALUES (${other.id}, 1, 1, 'sales||count', 5)`),
        /permission denied/,
      );
      await assert.rejects(
        as.query(
          `INSERT INTO shop_z_reports (shop_id, number, till_id, until, report) VALUES ($1, 7, 1, now(), '{}')`,
          [shop.shopId],
        ),
        /row-level security/,
      );
    } finally {
      await as.end();
    }
    const own = await server.query(
      shop.database,
      'SELECT count(*)::int AS n FROM shop_report_totals WHERE shop_id = $1',
      [shop.shopId],
    );
    assert.ok(own[0]!.n > 0);
  } finally {
    await till.close();
  }
});

test('two tills running a shop Z at the same moment get numbers 1 and 2, the second starting where the first ended', async () => {
  const shop = await prepareShop(server, 2);
  const tills = await twoTills(shop);
  try {
    const [product] = tills.one.products.filter((p) => p.price > 0);
    await paidSale(tills.one.t, [{ productId: product!.id, quantity: 1 }], 'none');
    await paidSale(tills.two.t, [{ productId: product!.id, quantity: 2 }], 'none');
    await upToDate(tills.one);
    await upToDate(tills.two);
    const zs = (
      await Promise.all([tills.one.t.call('shopReports.z', {}), tills.two.t.call('shopReports.z', {})])
    ).sort((a, b) => a.report.number! - b.report.number!);
    assert.deepEqual(
      zs.map((z) => z.report.number),
      [1, 2],
    );
    assert.equal(zs[1]!.report.since, zs[0]!.report.until);
    // Every sale in exactly one of them.
    assert.deepEqual(
      zs.map((z) => z.report.sales.count),
      [2, 0],
    );
    assert.equal(zs[0]!.report.sales.amount, product!.price * 3);
  } finally {
    await tills.close();
  }
});
