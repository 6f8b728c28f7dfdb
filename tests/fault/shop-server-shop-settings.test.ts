// The shop's usual supplies order against a real PostgreSQL with two tills' own databases and
// feeds: a list changed on till 2 is on till 1 within seconds; changed on both tills while till 2
// is cut off, it is never applied over the newer list: till 2's manager sees both lists and
// chooses. (Shop-wide settings are not shared yet: docs/shop-server.md, "Shop-wide data".)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { USUAL_ORDER_KEY } from '../../electron/services/supplies/shop-data';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { prepareShop, type TestShop } from '../support/shop-server';
import { connectTill, cuttableLink, settled, startShopDataTill } from '../support/shop-data';
import { waitUntil } from '../support/wait';

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

const MILK = { productId: 101, name: 'Milk 1 l', usualQuantity: 12 };
const BEANS = { productId: 202, name: 'Beans 1 kg', usualQuantity: 3 };
const CUPS = { productId: 303, name: 'Cups 12 oz', usualQuantity: 5 };

const serverList = async (shop: TestShop) =>
  (
    await server.query<{ version: string; body: { items: unknown[] } }>(
      shop.database,
      `SELECT version, body FROM shop_data WHERE shop_id = $1 AND kind = 'usual-order' AND key = $2`,
      [shop.shopId, USUAL_ORDER_KEY],
    )
  )[0];

test('the usual order changed on till 2 is on till 1 within seconds, woken by NOTIFY', async () => {
  const shop = await prepareShop(server, 2);
  const one = startShopDataTill({ slowLookMs: 600_000 });
  const two = startShopDataTill({ slowLookMs: 600_000 });
  try {
    connectTill(server, one, shop, 0);
    connectTill(server, two, shop, 1);
    await settled(one);
    await settled(two);
    two.supplies.saveReorderList([MILK, BEANS]);
    two.shopData.feed.noteLocalEdits();
    await waitUntil(() => one.supplies.reorderList().length === 2, 'the usual order on till 1', 5_000);
    assert.deepEqual(one.supplies.reorderList(), [MILK, BEANS]);
    assert.ok(one.announced.supplies > 0, 'till 1’s Supplies screen was told');
    const row = await serverList(shop);
    assert.deepEqual([row?.version, row?.body.items], ['1', [MILK, BEANS]]);
    // Changed again on till 1: the same one row moves on, and till 2 follows.
    one.supplies.saveReorderList([{ ...BEANS, usualQuantity: 4 }]);
    one.shopData.feed.noteLocalEdits();
    await waitUntil(() => two.supplies.reorderList().length === 1, 'till 1’s list on till 2', 5_000);
    assert.deepEqual(two.supplies.reorderList(), [{ ...BEANS, usualQuantity: 4 }]);
    assert.equal((await serverList(shop))?.version, '2');
  } finally {
    await one.close();
    await two.close();
  }
});

test('the usual order changed on both tills while till 2 is cut off: a conflict, not a silent overwrite', async () => {
  const shop = await prepareShop(server, 2);
  const link = await cuttableLink(server.server.port);
  const one = startShopDataTill();
  const two = startShopDataTill();
  try {
    connectTill(server, one, shop, 0);
    connectTill(server, two, shop, 1, link.port);
    await settled(one);
    await settled(two);
    one.supplies.saveReorderList([MILK]);
    one.shopData.feed.noteLocalEdits();
    await waitUntil(() => two.supplies.reorderList().length === 1, 'the list on till 2');

    link.cut();
    await waitUntil(() => two.connection.link() === null, 'till 2 noticed the cut');
    two.supplies.saveReorderList([MILK, CUPS]);
    two.shopData.feed.noteLocalEdits();
    one.supplies.saveReorderList([{ ...MILK, usualQuantity: 20 }]);
    one.shopData.feed.noteLocalEdits();
    await waitUntil(async () => (await serverList(shop))?.version === '2', 'till 1’s list on the server');

    link.mend();
    const [conflict] = await waitUntil(() => {
      const list = two.shopData.view().conflicts;
      return list.length === 1 && list;
    }, 'the conflict on till 2');
    // Neither list was applied over the other: each till keeps its own until a manager chooses.
    assert.deepEqual((await serverList(shop))?.body.items, [{ ...MILK, usualQuantity: 20 }]);
    assert.deepEqual(one.supplies.reorderList(), [{ ...MILK, usualQuantity: 20 }]);
    assert.deepEqual(two.supplies.reorderList(), [MILK, CUPS]);
    assert.equal(conflict!.kind, 'usual-order');
    assert.deepEqual(conflict!.fields, [
      { field: 'usualOrder', till: 'Milk 1 l × 12, Cups 12 oz × 5', server: 'Milk 1 l × 20' },
    ]);

    // The manager keeps this till's list: it goes up on the version they saw and reaches till 1.
    await two.shopData.handlers['shopServer.resolveConflict']({
      kind: 'usual-order',
      key: USUAL_ORDER_KEY,
      keep: 'till',
    });
    await waitUntil(() => one.supplies.reorderList().length === 2, 'till 2’s list on till 1');
    assert.deepEqual(one.supplies.reorderList(), [MILK, CUPS]);
    assert.equal((await serverList(shop))?.version, '3');
    assert.ok(two.audit.page({}, 50).entries.some((e) => e.action === 'conflict-kept-till'));
  } finally {
    await one.close();
    await two.close();
    await link.close();
  }
});
