// The till's record of shop-wide data, without a server: a real till database, the catalogue's
// and staff's own shop-data areas, and server rows written out by hand. What goes in the queue and
// with which base, what is applied and what is held back, conflicts and a manager's choice.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import type { ProductCatalogue } from '../../../electron/services/catalogue/store';
import { conflictView } from '../../../electron/services/shop-server/shop-data-service';
import type { ShopDataQueue } from '../../../electron/services/shop-server/shop-data-queue';
import { canonicalJson } from '../../../electron/services/shop-server/shop-data-source';
import type { StaffStore } from '../../../electron/services/staff/store';
import { openQueueTill, product, type QueueTill } from '../../support/shop-data-queue';

let till: QueueTill;
let catalogue: ProductCatalogue;
let staff: StaffStore;
let queue: ShopDataQueue;

beforeEach(() => {
  till = openQueueTill();
  ({ catalogue, staff, queue } = till);
});
afterEach(() => till.side.close());

const row: QueueTill['row'] = (...args) => till.row(...args);
const bySku: QueueTill['bySku'] = (sku) => till.bySku(sku);
const keyOf: QueueTill['keyOf'] = (sku) => till.keyOf(sku);
const join: QueueTill['join'] = (rows) => till.join(rows);

test('nothing is queued before the till joined a server; at the join its own rows queue as new', () => {
  catalogue.write([product('COLA', 250)]);
  assert.equal(queue.recordLocalEdits(), 0);
  assert.equal(queue.queued().length, 0);
  queue.useServer('server-a');
  queue.markJoined();
  queue.recordLocalEdits();
  const queued = queue.queued();
  assert.deepEqual(
    queued.map((q) => [q.kind, q.baseVersion]),
    [
      ['vat-rates', 0],
      ['categories', 0],
      ['product', 0],
      // The shop's settings too (the usual order only once it has a list).
      ['shop-settings', 0],
    ],
  );
  assert.deepEqual(queued[2]!.body, product('COLA', 250));
});

test('an edit keeps the version it was based on until it went up; edited back, it leaves the queue', () => {
  const [id] = catalogue.write([product('COLA', 250)]);
  join();
  const key = keyOf('COLA');
  assert.equal(queue.queued().length, 0);

  catalogue.write([{ ...product('COLA', 260), id }]);
  queue.recordLocalEdits();
  catalogue.write([{ ...product('COLA', 270), id }]);
  queue.recordLocalEdits();
  assert.deepEqual(
    queue.queued().map((q) => [q.key, q.baseVersion, (q.body as { price: number }).price]),
    [[key, 1, 270]],
  );
  catalogue.write([{ ...product('COLA', 250), id }]);
  queue.recordLocalEdits();
  assert.equal(queue.queued().length, 0, 'back to what the server has: nothing to send');
});

test('an edit made again while the first was on its way stays queued on the new version', () => {
  const [id] = catalogue.write([product('COLA', 250)]);
  join();
  catalogue.write([{ ...product('COLA', 260), id }]);
  queue.recordLocalEdits();
  const sent = queue.queued().find((q) => q.kind === 'product')!;
  catalogue.write([{ ...product('COLA', 300), id }]);
  queue.recordLocalEdits();
  queue.written(sent, 2, sent.body);
  assert.deepEqual(
    queue
      .queued()
      .filter((q) => q.kind === 'product')
      .map((q) => [q.baseVersion, (q.body as { price: number }).price]),
    [[2, 300]],
  );
});

test('the server’s rows are applied in order, the mark moves, and this till’s own write coming back is skipped', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  assert.equal(bySku('COLA')?.price, 250);
  assert.equal(till.announced.catalogue, 0, 'the caller announces after the commit');
  const touched = queue.applyServerRows([
    row('vat-rates', 'all', 2, {
      country: null,
      rates: [
        { basisPoints: 2000, label: 'Standard' },
        { basisPoints: 1250, label: 'Hot food' },
      ],
    }),
    row('product', 'k-pie', 1, product('PIE', 420, { vatRate: 1250 })),
  ]);
  assert.deepEqual(
    touched.map((a) => a.kind),
    ['vat-rates', 'product'],
  );
  assert.equal(bySku('PIE')?.vatRate, 1250, 'the rate came first, so the product could use it');
  assert.equal(queue.mark(), till.lastSeq());
  // Version 1 of COLA again (this till's own write, read back): not applied over a later local edit.
  catalogue.write([{ ...product('COLA', 999), id: Number(bySku('COLA')!.id) }]);
  queue.applyServerRows([row('product', 'k-cola', 1, product('COLA', 250))]);
  assert.equal(bySku('COLA')?.price, 999);
  assert.equal(queue.refused.length, 0);
});

test('a server row is not applied over this till’s waiting edit; the edit goes up on its old base', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  catalogue.write([{ ...product('COLA', 300), id: Number(bySku('COLA')!.id) }]);
  queue.recordLocalEdits();
  queue.applyServerRows([row('product', 'k-cola', 2, product('COLA', 280))]);
  assert.equal(bySku('COLA')?.price, 300, 'the till keeps its own until the server answers');
  assert.deepEqual(
    queue.queued().map((q) => [q.key, q.baseVersion]),
    [['k-cola', 1]],
  );
  // The same change made on both: nothing to send, agreed at the server's version.
  queue.applyServerRows([row('product', 'k-cola', 3, product('COLA', 300))]);
  assert.equal(queue.queued().length, 0);
  catalogue.write([{ ...product('COLA', 310), id: Number(bySku('COLA')!.id) }]);
  queue.recordLocalEdits();
  assert.equal(queue.queued()[0]?.baseVersion, 3);
});

test('a conflict keeps both sides; newer versions of either side replace that side; nothing is applied', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  const id = Number(bySku('COLA')!.id);
  catalogue.write([{ ...product('COLA', 300), id }]);
  queue.recordLocalEdits();
  queue.conflicted(queue.queued()[0]!, 2, product('COLA', 280));
  assert.equal(queue.queued().length, 0);
  queue.applyServerRows([row('product', 'k-cola', 3, product('COLA', 290))]);
  catalogue.write([{ ...product('COLA', 310), id }]);
  queue.recordLocalEdits();
  assert.equal(bySku('COLA')?.price, 310);
  assert.equal(queue.queued().length, 0, 'no edit goes up while a manager has not chosen');
  const [conflict] = queue.conflicts();
  assert.deepEqual(
    [
      conflict?.serverVersion,
      (conflict?.serverBody as { price: number }).price,
      (conflict?.tillBody as { price: number }).price,
    ],
    [3, 290, 310],
  );
  const view = conflictView(queue.area('product')!, conflict!);
  assert.deepEqual(
    view.fields.find((f) => f.field === 'price'),
    { field: 'price', till: 310, server: 290 },
  );
  assert.deepEqual(
    view.fields.find((f) => f.field === 'sku'),
    { field: 'sku', till: 'COLA', server: 'COLA' },
  );
  assert.equal(view.name, 'Product COLA');
});

test('keeping this till’s version queues it on the server’s version the manager saw', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  catalogue.write([{ ...product('COLA', 300), id: Number(bySku('COLA')!.id) }]);
  queue.recordLocalEdits();
  queue.conflicted(queue.queued()[0]!, 5, product('COLA', 280));
  assert.ok(queue.resolve('product', 'k-cola', 'till'));
  assert.deepEqual(
    queue.queued().map((q) => [q.key, q.baseVersion, (q.body as { price: number }).price]),
    [['k-cola', 5, 300]],
  );
  assert.equal(queue.conflicts().length, 0);
  queue.recordLocalEdits();
  assert.equal(queue.queued().length, 1, 'noting edits again changes nothing');
  assert.equal(queue.resolve('product', 'k-cola', 'till'), null, 'settled once');
});

test('keeping the shop server’s version applies it here and agrees on it', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  catalogue.write([{ ...product('COLA', 300), id: Number(bySku('COLA')!.id) }]);
  queue.recordLocalEdits();
  queue.conflicted(queue.queued()[0]!, 5, product('COLA', 280, { name: 'Cola 330 ml' }));
  queue.resolve('product', 'k-cola', 'server');
  assert.equal(bySku('COLA')?.price, 280);
  assert.equal(bySku('COLA')?.name, 'Cola 330 ml');
  queue.recordLocalEdits();
  assert.equal(queue.queued().length, 0);
  // Its next server version (6) applies as usual.
  queue.applyServerRows([row('product', 'k-cola', 6, product('COLA', 285))]);
  assert.equal(bySku('COLA')?.price, 285);
});

test('joining a server with a product of the same SKU: the server’s wins and the till takes its key', () => {
  const [id] = catalogue.write([product('COLA', 275)]);
  join([row('product', 'k-server-cola', 1, product('COLA', 250))]);
  assert.equal(bySku('COLA')?.id, String(id), 'the same product, not a second COLA');
  assert.equal(bySku('COLA')?.price, 250);
  assert.equal(keyOf('COLA'), 'k-server-cola');
});

test('a row this till cannot take is named and the rest of the batch is still applied', () => {
  join([
    row('product', 'k-odd', 1, product('ODD', 100, { vatRate: 1700 })),
    row('product', 'k-tea', 1, product('TEA', 200)),
  ]);
  assert.equal(bySku('ODD'), undefined);
  assert.equal(bySku('TEA')?.price, 200);
  assert.deepEqual(
    queue.refused.map((r) => [r.kind, r.key]),
    [['product', 'k-odd']],
  );
  assert.match(queue.refused[0]!.reason, /17 %|17%|not one of the shop/);
});

test('a product removed on the server is archived here (its sales still name it)', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  queue.applyServerRows([row('product', 'k-cola', 2, null)]);
  assert.equal(bySku('COLA')?.active, false);
});

test('staff: a person from the server is added with their PIN hash; a bad row is refused; a removal removes', () => {
  const pinHash = {
    algorithm: 'scrypt' as const,
    cost: 1024,
    blockSize: 8,
    parallelization: 1,
    keyLength: 32,
    salt: 'c2FsdA==',
    hash: 'aGFzaA==',
    setAt: '2026-12-07T00:00:00.000Z',
  };
  const alex = {
    name: 'Alex',
    role: 'cashier',
    active: true,
    createdAt: '2026-12-07T00:00:00.000Z',
    removedAt: null,
    pinHash,
  };
  join([
    row('staff', '6f1c2d3e-0000-4000-8000-000000000001', 1, alex),
    row('staff', '6f1c2d3e-0000-4000-8000-000000000002', 1, { ...alex, role: 'owner' }),
  ]);
  const [person] = staff.list();
  assert.equal(staff.list().length, 1);
  assert.deepEqual(
    [person?.id, person?.name, person?.role, person?.pinHash],
    ['6f1c2d3e-0000-4000-8000-000000000001', 'Alex', 'cashier', pinHash],
  );
  assert.deepEqual(
    queue.refused.map((r) => r.key),
    ['6f1c2d3e-0000-4000-8000-000000000002'],
  );
  queue.applyServerRows([row('staff', '6f1c2d3e-0000-4000-8000-000000000001', 2, null)]);
  assert.equal(staff.list(true).length, 0);
});

test('another server (address or login) starts the record over', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  assert.ok(queue.joined());
  assert.ok(queue.mark() > 0);
  queue.useServer('server-a');
  assert.ok(queue.joined(), 'the same server keeps its record');
  queue.useServer('server-b');
  assert.equal(queue.joined(), false);
  assert.equal(queue.mark(), 0);
});

test('canonical JSON is the same whatever order the keys came in, and keeps arrays in order', () => {
  assert.equal(
    canonicalJson({ b: 1, a: { d: [2, 1], c: null } }),
    canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
  );
  assert.notEqual(canonicalJson({ a: [1, 2] }), canonicalJson({ a: [2, 1] }));
  assert.equal(canonicalJson({ b: 1, a: 2 }), '{"a":2,"b":1}');
});

test('a product added here while apart that the server already has by SKU is not sent as a second one', () => {
  join();
  catalogue.write([product('SCONE', 280)]);
  queue.recordLocalEdits();
  assert.equal(queue.queued().filter((q) => q.kind === 'product').length, 1);
  queue.applyServerRows([row('product', 'k-server-scone', 1, product('SCONE', 250))]);
  queue.recordLocalEdits();
  assert.deepEqual(queue.queued('product'), [], 'nothing of the till’s scone is left to send');
  assert.equal(catalogue.admin().products.length, 1);
  assert.equal(bySku('SCONE')?.price, 250);
});

test('a new product the server already has by SKU (another till added it first) takes the server’s row and key', () => {
  join();
  const [id] = catalogue.write([product('SCONE', 280)]);
  queue.recordLocalEdits();
  const [edit] = queue.queued('product');
  const area = queue.merged(edit!, { key: 'k-shop-scone', version: 3, body: product('SCONE', 250) });
  assert.equal(area?.kind, 'product');
  assert.equal(bySku('SCONE')?.id, String(id), 'the same product, not a second SCONE');
  assert.equal(bySku('SCONE')?.price, 250);
  assert.equal(keyOf('SCONE'), 'k-shop-scone');
  queue.recordLocalEdits();
  assert.deepEqual(queue.queued('product'), [], 'nothing left to send, its own key neither');
  // The server's next version of that row applies; its version 3 coming back does not.
  queue.applyServerRows([row('product', 'k-shop-scone', 3, product('SCONE', 999))]);
  assert.equal(bySku('SCONE')?.price, 250);
  queue.applyServerRows([row('product', 'k-shop-scone', 4, product('SCONE', 260))]);
  assert.equal(bySku('SCONE')?.price, 260);
});

test('a product that followed another server row of the same SKU is never sent up as removed', () => {
  // Two rows for one SKU on the server (written before the server kept one per SKU).
  join([row('product', 'k-cola-1', 1, product('COLA', 250))]);
  queue.applyServerRows([row('product', 'k-cola-2', 1, product('COLA', 260))]);
  assert.equal(keyOf('COLA'), 'k-cola-2');
  queue.recordLocalEdits();
  assert.deepEqual(queue.queued('product'), [], 'k-cola-1 is not removed from the shop');
  assert.equal(bySku('COLA')?.active, true);
  assert.equal(catalogue.admin().products.length, 1);
});
