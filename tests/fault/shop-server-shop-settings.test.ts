// The shop's settings and its usual supplies order against a real PostgreSQL with two tills' own
// databases, settings files and feeds: a receipt footer changed on till 1 is on till 2 within
// seconds while till 2's printers stay its own; a usual order changed on till 2 is on till 1;
// either changed on both tills while till 2 is cut off is never applied over the newer one: till
// 2's manager sees both and chooses (docs/shop-server.md, "Shop-wide data").
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SHOP_SETTINGS_KEY } from '../../electron/services/settings/shop-data';
import { USUAL_ORDER_KEY } from '../../electron/services/supplies/shop-data';
import { printerSchema } from '../../shared/settings';
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

const serverSettings = async (shop: TestShop) =>
  (
    await server.query<{ version: string; body: { shop: { receiptFooter: string } } }>(
      shop.database,
      `SELECT version, body FROM shop_data WHERE shop_id = $1 AND kind = 'shop-settings' AND key = $2`,
      [shop.shopId, SHOP_SETTINGS_KEY],
    )
  )[0];
const KITCHEN = printerSchema.parse({
  id: 'kitchen',
  name: 'Kitchen',
  transport: 'network',
  address: '10.0.0.9',
});

test('a receipt footer changed on till 1 is on till 2 within seconds; till 2’s printers stay its own', async () => {
  const shop = await prepareShop(server, 2);
  const one = startShopDataTill({ slowLookMs: 600_000 });
  const two = startShopDataTill({ slowLookMs: 600_000 });
  try {
    one.settings.update({ shop: { name: 'Corner Café', receiptFooter: 'Thank you!' } });
    two.settings.update({
      printers: [...two.settings.load().printers, KITCHEN],
      receiptPrinterId: 'kitchen',
    });
    connectTill(server, one, shop, 0);
    await settled(one);
    connectTill(server, two, shop, 1);
    await settled(two);
    // Till 2 joined a shop that has settings: the shop's came down, its printers stayed.
    assert.equal(two.settings.load().shop.name, 'Corner Café');
    assert.equal(two.settings.load().shop.receiptFooter, 'Thank you!');

    one.settings.update({ shop: { receiptFooter: 'See you soon' } });
    await waitUntil(
      () => two.settings.load().shop.receiptFooter === 'See you soon',
      'the footer on till 2',
      5_000,
    );
    const mine = two.settings.load();
    assert.equal(mine.receiptPrinterId, 'kitchen', 'till 2’s receipt printer is untouched');
    assert.deepEqual(
      mine.printers.find((p) => p.id === 'kitchen'),
      KITCHEN,
    );
    assert.deepEqual(
      one.settings.load().printers.map((p) => p.id),
      ['preview'],
      'and till 2’s printer never reached till 1',
    );
    // Applied through the store: on till 2's audit trail as a settings change.
    assert.ok(
      two.audit
        .page({}, 50)
        .entries.some((e) => e.action === 'settings-changed' && JSON.stringify(e).includes('See you soon')),
    );
    const row = await serverSettings(shop);
    assert.equal(row?.body.shop.receiptFooter, 'See you soon');
    assert.equal(JSON.stringify(row?.body).includes('kitchen'), false);
  } finally {
    await one.close();
    await two.close();
  }
});

test('the receipt footer changed on both tills while till 2 is cut off: a conflict, not a silent overwrite', async () => {
  const shop = await prepareShop(server, 2);
  const link = await cuttableLink(server.server.port);
  const one = startShopDataTill();
  const two = startShopDataTill();
  try {
    connectTill(server, one, shop, 0);
    await settled(one);
    connectTill(server, two, shop, 1, link.port);
    await settled(two);
    link.cut();
    await waitUntil(() => two.connection.link() === null, 'till 2 noticed the cut');
    two.settings.update({ shop: { receiptFooter: 'Till 2 says hello' } });
    one.settings.update({ shop: { receiptFooter: 'Till 1 says hello' } });
    await waitUntil(
      async () => (await serverSettings(shop))?.body.shop.receiptFooter === 'Till 1 says hello',
      'till 1’s footer on the server',
    );
    link.mend();
    const [conflict] = await waitUntil(() => {
      const list = two.shopData.view().conflicts;
      return list.length === 1 && list;
    }, 'the conflict on till 2');
    assert.equal(conflict!.kind, 'shop-settings');
    assert.deepEqual(
      conflict!.fields.find((f) => f.field === 'receiptFooter'),
      { field: 'receiptFooter', till: 'Till 2 says hello', server: 'Till 1 says hello' },
    );
    assert.equal(two.settings.load().shop.receiptFooter, 'Till 2 says hello');
    assert.equal(one.settings.load().shop.receiptFooter, 'Till 1 says hello');
    // The manager keeps the shop server's: applied on till 2 through its store.
    await two.shopData.handlers['shopServer.resolveConflict']({
      kind: 'shop-settings',
      key: SHOP_SETTINGS_KEY,
      keep: 'server',
    });
    assert.equal(two.settings.load().shop.receiptFooter, 'Till 1 says hello');
  } finally {
    await one.close();
    await two.close();
    await link.close();
  }
});

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
