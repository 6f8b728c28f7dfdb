// Shop-wide data against a real PostgreSQL, with two tills' own databases, catalogues, staff and
// feeds: a product added on till 1 is sold on till 2 within seconds (woken by NOTIFY: the slow look
// is set to ten minutes); a price changed on both tills while till 2's network is cut is never
// applied over the newer one: till 2's manager sees both and chooses; a person made on till 2
// signs in on till 1 with the same PIN; a till that was away catches up; a till with its own
// catalogue joins a shop that has one; a till of another shop sees none of it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { addTill, ensureShop } from '../../electron/services/shop-server/admin';
import { priceSale } from '../../electron/services/sales/sale-pricing';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { prepareShop, type TestShop } from '../support/shop-server';
import {
  connectTill as connectShopTill,
  cuttableLink,
  settled,
  startShopDataTill,
  type ShopDataTill,
} from '../support/shop-data';
import { waitUntil } from '../support/wait';

const TEN_MINUTES = 600_000;

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

const connectTill = (till: ShopDataTill, shop: TestShop, index: number, port?: number) =>
  connectShopTill(server, till, shop, index, port);

async function withTills(
  work: (one: ShopDataTill, two: ShopDataTill, shop: TestShop) => Promise<void>,
  options: { slowLookMs?: number } = {},
) {
  const shop = await prepareShop(server, 2);
  const one = startShopDataTill(options);
  const two = startShopDataTill(options);
  try {
    await work(one, two, shop);
  } finally {
    await one.close();
    await two.close();
  }
}

const bySku = (till: ShopDataTill, sku: string) => till.catalogue.all().products.find((p) => p.sku === sku);
const serverProducts = (shop: TestShop) =>
  server.query<{ key: string; version: string; body: { sku: string; price: number } }>(
    shop.database,
    `SELECT key, version, body FROM shop_data WHERE shop_id = $1 AND kind = 'product' ORDER BY body->>'sku'`,
    [shop.shopId],
  );
const newProduct = (sku: string, price: number) => ({
  sku,
  name: `Product ${sku}`,
  category: 'Drinks',
  price,
  vatRate: 2000,
  colour: null,
  image: null,
  barcodes: [],
  active: true,
});

test('a product a manager adds on till 1 is sold on till 2 within seconds, woken by NOTIFY', async () => {
  await withTills(
    async (one, two, shop) => {
      connectTill(one, shop, 0);
      connectTill(two, shop, 1);
      await settled(one);
      await settled(two);
      const before = two.announced.catalogue;
      await one.back['catalogue.saveProduct']({ ...newProduct('OAT-LATTE', 345) });
      const arrived = await waitUntil(() => bySku(two, 'OAT-LATTE'), 'the product on till 2', 5_000);
      assert.equal(arrived.price, 345);
      assert.equal(arrived.category, 'Drinks');
      assert.ok(two.announced.catalogue > before, 'the Sell screen of till 2 was told');
      // Sold on till 2: priced by till 2's own checkout rules from its own catalogue.
      const priced = priceSale(
        {
          lines: [{ productId: arrived.id, quantity: 2 }],
          discountLimitBasisPoints: 0,
          currency: 'GBP',
          servedBy: null,
          authorise: () => ({}),
        },
        two.catalogue.byIds([arrived.id]),
      );
      const sale = two.side.ledger.open('GBP', priced.lines);
      two.side.ledger.addTender(sale.saleId, { kind: 'cash', amount: 690, given: 700 });
      assert.equal(two.side.ledger.get(sale.saleId)?.state, 'completed');
      assert.equal(two.side.ledger.get(sale.saleId)?.total, 690);
      // Till 1's edit is on the server once, at version 1; nothing is waiting on either till.
      const rows = await serverProducts(shop);
      assert.deepEqual(
        rows.map((r) => [r.body.sku, r.version]),
        [['OAT-LATTE', '1']],
      );
      assert.equal(one.shopData.queue.queued().length, 0);
      assert.equal(two.shopData.queue.queued().length, 0);
    },
    { slowLookMs: TEN_MINUTES },
  );
});

test('a price changed on both tills while till 2 is cut off: no silent overwrite, till 2’s manager sees both and chooses', async () => {
  const shop = await prepareShop(server, 2);
  const link = await cuttableLink(server.server.port);
  const one = startShopDataTill();
  const two = startShopDataTill();
  try {
    connectTill(one, shop, 0);
    connectTill(two, shop, 1, link.port);
    await settled(one);
    await settled(two);
    const added = await one.back['catalogue.saveProduct'](newProduct('FLAT-WHITE', 300));
    const onTwo = await waitUntil(() => bySku(two, 'FLAT-WHITE'), 'the product on till 2');

    link.cut();
    await waitUntil(() => two.connection.link() === null, 'till 2 noticed the cut');
    await two.back['catalogue.saveProduct']({ ...newProduct('FLAT-WHITE', 350), id: onTwo.id });
    assert.deepEqual(
      two.shopData.queue.queued().map((q) => [q.kind, q.baseVersion]),
      [['product', 1]],
      'till 2’s edit waits with the version it was based on',
    );
    await one.back['catalogue.saveProduct']({ ...newProduct('FLAT-WHITE', 320), id: added.id });
    await waitUntil(
      async () => (await serverProducts(shop))[0]?.body.price === 320,
      'till 1’s price on the server',
    );

    link.mend();
    const view = await waitUntil(() => {
      const v = two.shopData.view();
      return v.conflicts.length === 1 && v;
    }, 'the conflict on till 2');
    // Nothing was applied over the newer version: the server and till 1 keep 3.20, till 2 its 3.50.
    assert.equal((await serverProducts(shop))[0]?.body.price, 320);
    assert.equal(bySku(one, 'FLAT-WHITE')?.price, 320);
    assert.equal(bySku(two, 'FLAT-WHITE')?.price, 350);
    const conflict = view.conflicts[0]!;
    assert.equal(conflict.kind, 'product');
    assert.equal(conflict.name, 'Product FLAT-WHITE');
    assert.deepEqual(
      conflict.fields.find((f) => f.field === 'price'),
      { field: 'price', till: 350, server: 320 },
    );
    assert.equal(view.waitingEdits, 0);

    // The manager keeps this till's: it goes up on the version they saw, and reaches till 1.
    const answer = await two.shopData.handlers['shopServer.resolveConflict']({
      kind: 'product',
      key: conflict.key,
      keep: 'till',
    });
    assert.equal(answer.conflicts.length, 0);
    await waitUntil(() => bySku(one, 'FLAT-WHITE')?.price === 350, 'till 2’s price on till 1');
    const rows = await serverProducts(shop);
    assert.deepEqual([rows[0]?.body.price, rows[0]?.version], [350, '3']);
    const journaled = two.audit.page({}, 50).entries.find((e) => e.action === 'conflict-kept-till');
    assert.ok(journaled, 'the choice is on the audit trail');
    assert.equal(journaled.by?.name, 'Sam (manager)');
    assert.equal(journaled.subject, 'Product FLAT-WHITE');
  } finally {
    await one.close();
    await two.close();
    await link.close();
  }
});

test('keeping the shop server’s version applies it on the till that had the conflict', async () => {
  const shop = await prepareShop(server, 2);
  const link = await cuttableLink(server.server.port);
  const one = startShopDataTill();
  const two = startShopDataTill();
  try {
    connectTill(one, shop, 0);
    connectTill(two, shop, 1, link.port);
    await settled(one);
    await settled(two);
    const added = await one.back['catalogue.saveProduct'](newProduct('TEA', 200));
    const onTwo = await waitUntil(() => bySku(two, 'TEA'), 'the product on till 2');
    link.cut();
    await waitUntil(() => two.connection.link() === null, 'till 2 noticed the cut');
    await two.back['catalogue.saveProduct']({
      ...newProduct('TEA', 260),
      id: onTwo.id,
      name: 'Builder’s tea',
    });
    await one.back['catalogue.saveProduct']({ ...newProduct('TEA', 240), id: added.id });
    await waitUntil(async () => (await serverProducts(shop))[0]?.body.price === 240, 'till 1’s price up');
    link.mend();
    const [conflict] = await waitUntil(() => {
      const list = two.shopData.view().conflicts;
      return list.length === 1 && list;
    }, 'the conflict on till 2');
    assert.deepEqual(
      conflict!.fields.find((f) => f.field === 'name'),
      { field: 'name', till: 'Builder’s tea', server: 'Product TEA' },
    );
    await two.shopData.handlers['shopServer.resolveConflict']({
      kind: 'product',
      key: conflict!.key,
      keep: 'server',
    });
    assert.equal(bySku(two, 'TEA')?.price, 240);
    assert.equal(bySku(two, 'TEA')?.name, 'Product TEA');
    await two.shopData.feed.idle();
    // Nothing went up: the server still has till 1's version, once.
    const rows = await serverProducts(shop);
    assert.deepEqual([rows[0]?.body.price, rows[0]?.version], [240, '2']);
    assert.ok(two.audit.page({}, 50).entries.some((e) => e.action === 'conflict-kept-server'));
  } finally {
    await one.close();
    await two.close();
    await link.close();
  }
});

test('a person a manager adds on till 2 signs in on till 1 with the same PIN', async () => {
  await withTills(async (one, two, shop) => {
    connectTill(one, shop, 0);
    connectTill(two, shop, 1);
    await settled(one);
    await settled(two);
    const alex = await two.staff.add({ name: 'Alex', role: 'cashier', pin: '4821' });
    two.shopData.feed.noteLocalEdits();
    const onOne = await waitUntil(() => one.staff.active().find((p) => p.id === alex.id), 'Alex on till 1');
    assert.equal(onOne.name, 'Alex');
    assert.equal(onOne.role, 'cashier');
    assert.equal((await one.staff.checkPerson(alex.id, '1111')).ok, false, 'a wrong PIN is refused');
    const signedIn = await one.staff.checkPerson(alex.id, '4821');
    assert.equal(signedIn.ok, true);
    // Only the hash went to the server.
    const [row] = await server.query<{ body: Record<string, unknown> }>(
      shop.database,
      `SELECT body FROM shop_data WHERE kind = 'staff' AND key = $1`,
      [alex.id],
    );
    assert.ok(row);
    assert.equal(JSON.stringify(row.body).includes('4821'), false);
    assert.equal((row.body.pinHash as { algorithm: string }).algorithm, 'scrypt');
    // Removed on till 2: no longer signs in on till 1.
    two.staff.remove(alex.id);
    two.shopData.feed.noteLocalEdits();
    await waitUntil(() => !one.staff.active().some((p) => p.id === alex.id), 'Alex removed on till 1');
  });
});

test('a till that was away catches up with every change made meanwhile, in order', async () => {
  await withTills(async (one, two, shop) => {
    connectTill(one, shop, 0);
    connectTill(two, shop, 1);
    await settled(one);
    await settled(two);
    await two.stop();
    // Made while till 2 is away: a new VAT rate, products using it, a category order, a price change.
    await one.back['catalogue.saveVatRates']({
      country: null,
      rates: [
        { basisPoints: 2000, label: 'Standard' },
        { basisPoints: 500, label: 'Reduced' },
        { basisPoints: 0, label: 'Zero' },
        { basisPoints: 1250, label: 'Hot takeaway' },
      ],
    });
    const ids: string[] = [];
    for (let i = 1; i <= 40; i++)
      ids.push(
        (await one.back['catalogue.saveProduct']({ ...newProduct(`P${i}`, 100 + i), vatRate: 1250 })).id,
      );
    await one.back['catalogue.saveCategories']({
      categories: [
        { name: 'Food', colour: null },
        { name: 'Drinks', colour: '#336699' },
      ],
    });
    await one.back['catalogue.bulkEdit']({ ids: ids.slice(0, 10), change: { kind: 'price', price: 999 } });
    await one.shopData.feed.idle();

    const again = startShopDataTill({ side: two.side });
    try {
      connectTill(again, shop, 1);
      await waitUntil(() => again.catalogue.all().products.length === 40, 'every product on till 2');
      await again.shopData.feed.idle();
      assert.deepEqual(
        again.catalogue.vatRates().map((r) => r.basisPoints),
        [2000, 500, 0, 1250],
      );
      assert.deepEqual(
        again.catalogue.admin().categories.map((c) => [c.name, c.colour]),
        [
          ['Food', null],
          ['Drinks', '#336699'],
        ],
      );
      assert.equal(bySku(again, 'P1')?.price, 999);
      assert.equal(bySku(again, 'P11')?.price, 111);
      assert.equal(bySku(again, 'P40')?.vatRate, 1250);
      const [seq] = await server.query<{ data_seq: string }>(
        shop.database,
        'SELECT data_seq FROM shops WHERE id = $1',
        [shop.shopId],
      );
      assert.equal(again.shopData.queue.mark(), Number(seq!.data_seq));
      assert.equal(again.shopData.queue.queued().length, 0, 'nothing of till 1’s comes back up');
    } finally {
      await again.close();
    }
  });
});

test('a till with its own catalogue joins a shop that has one: the shop’s wins for the same SKU, its own go up', async () => {
  await withTills(async (one, two, shop) => {
    await one.back['catalogue.saveProduct'](newProduct('COLA', 250));
    await one.back['catalogue.saveProduct'](newProduct('CRISPS', 120));
    connectTill(one, shop, 0);
    await settled(one);
    assert.equal((await serverProducts(shop)).length, 2, 'the first till seeds the empty server');

    await two.back['catalogue.saveProduct'](newProduct('COLA', 275));
    await two.back['catalogue.saveProduct'](newProduct('WATER', 150));
    connectTill(two, shop, 1);
    await settled(two);
    await waitUntil(() => bySku(one, 'WATER'), 'till 2’s own product on till 1');
    assert.equal(bySku(two, 'COLA')?.price, 250, 'the server’s version of a SKU both had');
    assert.equal(bySku(two, 'CRISPS')?.price, 120);
    assert.deepEqual(
      (await serverProducts(shop)).map((r) => [r.body.sku, r.body.price]),
      [
        ['COLA', 250],
        ['CRISPS', 120],
        ['WATER', 150],
      ],
    );
    assert.equal(two.catalogue.all().products.filter((p) => p.sku === 'COLA').length, 1, 'one COLA');
    assert.equal(two.shopData.view().conflicts.length, 0);
  });
});

test('a till of another shop sees none of this shop’s data and cannot write into it', async () => {
  const shop = await prepareShop(server, 1);
  const owner = new pg.Client({ connectionString: shop.ownerUrl });
  await owner.connect();
  const other = await addTill(owner, {
    shopId: (await ensureShop(owner, 'Other shop')).id,
    number: 1,
    name: 'Other',
  });
  await owner.end();
  const one = startShopDataTill();
  const stranger = new pg.Client({
    connectionString: `postgres://${other.login}:${other.password}@127.0.0.1:${server.server.port}/${shop.database}`,
  });
  try {
    connectTill(one, shop, 0);
    await settled(one);
    await one.back['catalogue.saveProduct'](newProduct('SECRET', 100));
    await waitUntil(async () => (await serverProducts(shop)).length === 1, 'the product up');
    await stranger.connect();
    assert.equal((await stranger.query('SELECT * FROM shop_data')).rows.length, 0);
    await assert.rejects(stranger.query(`UPDATE shop_data SET body = '{}'`), /permission denied/);
    await assert.rejects(
      stranger.query(
        `INSERT INTO shop_data (shop_id, kind, key, version, change_seq, body, written_by) VALUES (${shop.shopId}, 'product', 'x', 1, 99, '{}', 1)`,
      ),
      /permission denied/,
    );
    // Its own write goes into its own shop, whatever key it names.
    const [key] = [...(await serverProducts(shop)).map((r) => r.key)];
    const put = await stranger.query(
      `SELECT outcome FROM shop_data_put('product', $1, 0, '{"sku":"X"}', false)`,
      [key],
    );
    assert.equal(put.rows[0].outcome, 'written');
    assert.equal((await serverProducts(shop))[0]?.body.sku, 'SECRET');
  } finally {
    await stranger.end().catch(() => undefined);
    await one.close();
  }
});

test('the same SKU added on both tills while apart ends as one product everywhere, the first up winning', async () => {
  const shop = await prepareShop(server, 2);
  const link = await cuttableLink(server.server.port);
  const one = startShopDataTill();
  const two = startShopDataTill();
  try {
    connectTill(one, shop, 0);
    connectTill(two, shop, 1, link.port);
    await settled(one);
    await settled(two);
    link.cut();
    await waitUntil(() => two.connection.link() === null, 'till 2 noticed the cut');
    await two.back['catalogue.saveProduct'](newProduct('SCONE', 280));
    await one.back['catalogue.saveProduct'](newProduct('SCONE', 250));
    await waitUntil(async () => (await serverProducts(shop)).length === 1, 'till 1’s scone up');
    link.mend();
    await waitUntil(() => bySku(two, 'SCONE')?.price === 250, 'the server’s scone on till 2');
    await settled(two);
    await one.shopData.feed.idle();
    assert.deepEqual(
      (await serverProducts(shop)).map((r) => [r.body.sku, r.body.price, r.version]),
      [['SCONE', 250, '1']],
    );
    assert.equal(two.catalogue.all().products.length, 1);
    assert.equal(one.catalogue.all().products.length, 1);
    assert.equal(two.shopData.queue.queued().length, 0);
  } finally {
    await one.close();
    await two.close();
    await link.close();
  }
});

test('two tills adding one SKU at the same moment make one row: the second is answered with the shop’s own', async () => {
  const shop = await prepareShop(server, 2);
  const clients = shop.tills.map(
    (t) =>
      new pg.Client({
        connectionString: `postgres://${t.login}:${t.password}@127.0.0.1:${server.server.port}/${shop.database}`,
      }),
  );
  try {
    await Promise.all(clients.map((c) => c.connect()));
    const put = (c: pg.Client, key: string, body: unknown, kind = 'product') =>
      c
        .query<{ outcome: string; key: string; version: string; body: { price: number } }>(
          'SELECT outcome, key, version, body FROM shop_data_put($1, $2, 0, $3::jsonb, false)',
          [kind, key, JSON.stringify(body)],
        )
        .then((r) => r.rows[0]!);
    const answers = await Promise.all([
      put(clients[0]!, 'k-one', newProduct('SCONE', 250)),
      put(clients[1]!, 'k-two', newProduct('SCONE', 280)),
    ]);
    assert.deepEqual(answers.map((a) => a.outcome).sort(), ['merged', 'written']);
    const first = answers.find((a) => a.outcome === 'written')!;
    const second = answers.find((a) => a.outcome === 'merged')!;
    assert.equal(second.key, first.key, 'the merged answer names the row the shop has');
    assert.equal(second.body.price, first.body.price);
    assert.deepEqual(
      (await serverProducts(shop)).map((r) => [r.key, r.body.price]),
      [[first.key, first.body.price]],
    );
    // Another SKU, a row that is not a product, and a new version of the same key are not merged.
    assert.equal((await put(clients[1]!, 'k-tea', newProduct('TEA', 200))).outcome, 'written');
    assert.equal((await put(clients[1]!, 'all', { sku: 'SCONE' }, 'usual-order')).outcome, 'written');
    const again = await clients[0]!.query(
      `SELECT outcome FROM shop_data_put('product', $1, 1, $2::jsonb, false)`,
      [first.key, JSON.stringify(newProduct('SCONE', 300))],
    );
    assert.equal(again.rows[0].outcome, 'written');
    assert.equal((await serverProducts(shop)).length, 2);
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
});

test('two tills bringing the same catalogue join an empty shop at once: one row per SKU, every product still for sale on both', async () => {
  await withTills(async (one, two, shop) => {
    const skus = Array.from({ length: 30 }, (_, i) => `ITEM-${String(i).padStart(2, '0')}`);
    for (const till of [one, two])
      for (const [i, sku] of skus.entries())
        await till.back['catalogue.saveProduct'](newProduct(sku, 100 + i));
    connectTill(one, shop, 0);
    connectTill(two, shop, 1);
    await settled(one);
    await settled(two);
    await waitUntil(async () => {
      await one.shopData.feed.idle();
      await two.shopData.feed.idle();
      return one.shopData.queue.queued().length === 0 && two.shopData.queue.queued().length === 0;
    }, 'both tills to have sent everything');
    const rows = await serverProducts(shop);
    assert.deepEqual(
      rows.map((r) => r.body.sku),
      skus,
      'one row per SKU',
    );
    for (const till of [one, two]) {
      const products = till.catalogue.all().products;
      assert.deepEqual(products.map((p) => p.sku).sort(), skus);
      assert.ok(
        products.every((p) => p.active),
        'every product still for sale',
      );
      assert.equal(till.shopData.view().conflicts.length, 0);
    }
    assert.ok(
      (await server.query(shop.database, `SELECT 1 FROM shop_data WHERE deleted`)).length === 0,
      'nothing removed from the shop',
    );
  });
});
