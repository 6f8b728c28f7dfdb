// The till's record of shop-wide data, row by row, without a server: a new server forgets the
// last one's record; each edit is counted once; kinds this till does not keep are passed over; the
// server's answers (written, conflicted, merged) and a manager's choice touch only their own row;
// what the catalogue cannot take is named.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import type { ProductCatalogue } from '../../../electron/services/catalogue/store';
import type { ShopDataQueue } from '../../../electron/services/shop-server/shop-data-queue';
import type { ShopDataKind } from '../../../electron/services/shop-server/shop-data-source';
import { openQueueTill, product, type QueueTill } from '../../support/shop-data-queue';

let till: QueueTill;
let catalogue: ProductCatalogue;
let queue: ShopDataQueue;

beforeEach(() => {
  till = openQueueTill();
  ({ catalogue, queue } = till);
});
afterEach(() => till.side.close());

const row: QueueTill['row'] = (...args) => till.row(...args);
const bySku: QueueTill['bySku'] = (sku) => till.bySku(sku);
const join: QueueTill['join'] = (rows) => till.join(rows);

test('before any server the mark is 0 and nothing is joined', () => {
  assert.equal(queue.mark(), 0);
  assert.equal(queue.joined(), false);
});

test('another server forgets what was agreed, queued and in conflict with the last one', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250)), row('product', 'k-tea', 1, product('TEA', 200))]);
  catalogue.write([{ ...product('COLA', 300), id: Number(bySku('COLA')!.id) }]);
  catalogue.write([{ ...product('TEA', 210), id: Number(bySku('TEA')!.id) }]);
  queue.recordLocalEdits();
  queue.conflicted(
    queue.queued().find((q) => q.key === 'k-cola')!,
    2,
    product('COLA', 280),
  );
  assert.equal(queue.queued().length, 1);
  assert.equal(queue.conflicts().length, 1);
  queue.useServer('server-b');
  assert.deepEqual(queue.queued(), []);
  assert.deepEqual(queue.conflicts(), []);
  // Nothing is agreed with this server: its version 1 of a row applies.
  queue.applyServerRows([row('product', 'k-tea', 1, product('TEA', 190))]);
  assert.equal(bySku('TEA')?.price, 190);
});

test('noting edits counts each new edit once: the same edit noted again is not queued again', () => {
  const [id] = catalogue.write([product('COLA', 250)]);
  join();
  catalogue.write([{ ...product('COLA', 260), id }]);
  assert.equal(queue.recordLocalEdits(), 1);
  assert.equal(queue.recordLocalEdits(), 0);
  catalogue.write([{ ...product('COLA', 270), id }]);
  assert.equal(queue.recordLocalEdits(), 1);
});

test('a kind of row this till does not keep is passed over; the rest of the batch applies and the mark moves', () => {
  join();
  const touched = queue.applyServerRows([
    row('gadgets', 'g1', 1, { name: 'from a newer till' }),
    row('product', 'k-tea', 1, product('TEA', 200)),
    row('gadgets', 'g2', 1, { name: 'from a newer till' }),
  ]);
  assert.deepEqual(
    touched.map((a) => a.kind),
    ['product'],
  );
  assert.equal(bySku('TEA')?.price, 200);
  assert.equal(queue.mark(), till.lastSeq());
});

test('the server taking one edit leaves the others waiting on their own bases', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250)), row('product', 'k-tea', 1, product('TEA', 200))]);
  catalogue.write([{ ...product('COLA', 300), id: Number(bySku('COLA')!.id) }]);
  queue.recordLocalEdits();
  till.clock.now += 10;
  catalogue.write([{ ...product('TEA', 210), id: Number(bySku('TEA')!.id) }]);
  queue.recordLocalEdits();
  const [cola, tea] = queue.queued('product');
  assert.deepEqual([cola?.key, tea?.key], ['k-cola', 'k-tea']);
  queue.written(tea!, 2, tea!.body);
  assert.deepEqual(
    queue.queued('product').map((q) => [q.key, q.baseVersion]),
    [['k-cola', 1]],
  );
});

test('a conflict keeps the till’s newest edit of that row, not the one sent, nor another row’s', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250)), row('product', 'k-tea', 1, product('TEA', 200))]);
  const cola = Number(bySku('COLA')!.id);
  catalogue.write([{ ...product('COLA', 300), id: cola }]);
  queue.recordLocalEdits();
  till.clock.now += 10;
  catalogue.write([{ ...product('TEA', 210), id: Number(bySku('TEA')!.id) }]);
  queue.recordLocalEdits();
  // TEA's edit went up; edited again on its way, then the server answered with a conflict.
  const sent = queue.queued('product').find((q) => q.key === 'k-tea')!;
  catalogue.write([{ ...product('TEA', 220), id: Number(bySku('TEA')!.id) }]);
  queue.recordLocalEdits();
  queue.conflicted(sent, 2, product('TEA', 205));
  assert.deepEqual(
    queue.conflicts().map((c) => [c.key, (c.tillBody as { price: number }).price]),
    [['k-tea', 220]],
  );
  // COLA's edit, edited back to what was agreed before the server answered: the one sent is kept.
  const colaSent = queue.queued('product').find((q) => q.key === 'k-cola')!;
  catalogue.write([{ ...product('COLA', 250), id: cola }]);
  queue.recordLocalEdits();
  assert.deepEqual(queue.queued('product'), []);
  queue.conflicted(colaSent, 3, product('COLA', 240));
  assert.deepEqual(
    queue.conflicts().map((c) => [c.key, (c.tillBody as { price: number }).price]),
    [
      ['k-tea', 220],
      ['k-cola', 300],
    ],
  );
});

test('a manager’s choice settles that row’s conflict only', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250)), row('product', 'k-tea', 1, product('TEA', 200))]);
  catalogue.write([{ ...product('COLA', 300), id: Number(bySku('COLA')!.id) }]);
  catalogue.write([{ ...product('TEA', 210), id: Number(bySku('TEA')!.id) }]);
  queue.recordLocalEdits();
  for (const edit of queue.queued('product'))
    queue.conflicted(edit, 2, { ...(edit.body as object), price: 1 });
  const settled = queue.resolve('product', 'k-tea', 'server');
  assert.equal(settled?.key, 'k-tea');
  assert.equal(bySku('TEA')?.price, 1);
  assert.equal(bySku('COLA')?.price, 300);
  assert.deepEqual(
    queue.conflicts().map((c) => c.key),
    ['k-cola'],
  );
});

test('keeping this till’s version, then making the row the server’s again: nothing is left to send', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  const id = Number(bySku('COLA')!.id);
  catalogue.write([{ ...product('COLA', 300), id }]);
  queue.recordLocalEdits();
  queue.conflicted(queue.queued()[0]!, 5, product('COLA', 280));
  queue.resolve('product', 'k-cola', 'till');
  catalogue.write([{ ...product('COLA', 280), id }]);
  queue.recordLocalEdits();
  assert.deepEqual(queue.queued(), []);
});

test('the server’s version a manager keeps, or one merged in, that this till cannot take is named', () => {
  join([row('product', 'k-cola', 1, product('COLA', 250))]);
  catalogue.write([{ ...product('COLA', 300), id: Number(bySku('COLA')!.id) }]);
  queue.recordLocalEdits();
  queue.conflicted(queue.queued()[0]!, 5, product('COLA', 280, { vatRate: 1700 }));
  queue.resolve('product', 'k-cola', 'server');
  assert.deepEqual(
    queue.refused.map((r) => [r.kind, r.key]),
    [['product', 'k-cola']],
  );
  catalogue.write([product('SCONE', 280)]);
  queue.recordLocalEdits();
  const [edit] = queue.queued('product');
  queue.merged(edit!, { key: 'k-shop-scone', version: 3, body: product('SCONE', 250, { vatRate: 1700 }) });
  assert.deepEqual(
    queue.refused.map((r) => [r.kind, r.key]),
    [
      ['product', 'k-cola'],
      ['product', 'k-shop-scone'],
    ],
  );
});

test('a merged edit leaves the queue at once; a kind this till does not keep merges nothing', () => {
  join();
  catalogue.write([product('SCONE', 280)]);
  queue.recordLocalEdits();
  const [edit] = queue.queued('product');
  queue.merged(edit!, { key: 'k-shop-scone', version: 3, body: product('SCONE', 250) });
  assert.deepEqual(queue.queued('product'), []);
  const gadget = { kind: 'gadgets' as ShopDataKind, key: 'g1', baseVersion: 0, body: { name: 'x' } };
  assert.equal(queue.merged(gadget, { key: 'g2', version: 1, body: { name: 'x' } }), null);
});

test('the categories’ list comes down as the one row every till shares it under: nothing of it goes back up', () => {
  queue.useServer('server-a');
  queue.applyServerRows([row('categories', 'all', 1, { list: [{ name: 'Food', colour: null }] })]);
  queue.markJoined();
  assert.deepEqual(
    catalogue.admin().categories.map((c) => c.name),
    ['Food'],
  );
  queue.recordLocalEdits();
  assert.deepEqual(queue.queued('categories'), []);
});
