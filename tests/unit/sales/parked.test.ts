// Parked sales: park, list, resume; they survive a restart of the till on the same data folder;
// a sale with money taken is refused in words; a parked sale resumes only once.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setUpStaff, TEST_STAFF } from '../../support/staff';
import { startTestTill, type TestTill } from '../../support/till';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-parked-'));
let t: TestTill | undefined;
after(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a parked basket survives a restart and resumes whole, once', async () => {
  t = await startTestTill({ dataDir, drivenClock: true });
  await setUpStaff(t.call, { signIn: 'cashier' });
  const products = (await t.call('catalogue.get', {})).products;
  const [a, b] = [products[0]!, products[1]!];
  const lines = [
    {
      productId: a.id,
      quantity: 3,
      unitPrice: a.price,
      discount: { kind: 'percent' as const, basisPoints: 500 },
    },
    { productId: b.id, quantity: 1, unitPrice: b.price },
  ];
  const parked = await t.call('counter.park', { lines, note: 'Blue coat' });
  assert.equal(parked.itemCount, 4);
  const lineA = a.price * 3 - Math.floor((a.price * 3 * 500 * 2 + 10_000) / 20_000);
  assert.equal(parked.total, lineA + b.price, 'the total is worked out by the services, discount included');
  assert.equal(parked.parkedBy?.name, TEST_STAFF.cashier.name);

  await t.close();
  t = await startTestTill({ dataDir, drivenClock: true });
  const list = await t.call('counter.parked', {});
  assert.deepEqual(
    list.map((p) => [p.parkedId, p.note, p.total]),
    [[parked.parkedId, 'Blue coat', parked.total]],
  );
  // A restart asks who is serving again.
  const nobody = await t.failure('counter.resume', { parkedId: parked.parkedId });
  assert.equal(nobody.code, 'not_allowed');
  const people = (await t.call('staff.session', {})).people;
  const cashier = people.find((p) => p.name === TEST_STAFF.cashier.name)!;
  await t.call('staff.signIn', { staffId: cashier.id, pin: TEST_STAFF.cashier.pin });

  const resumed = await t.call('counter.resume', { parkedId: parked.parkedId });
  assert.deepEqual(resumed.lines, lines);
  assert.deepEqual(await t.call('counter.parked', {}), []);
  const twice = await t.failure('counter.resume', { parkedId: parked.parkedId });
  assert.equal(twice.code, 'not_found');
  assert.match(twice.message, /no longer parked/);

  // The resumed basket sells like any other, at the services' prices.
  const sale = await t.call('sales.open', { lines: resumed.lines });
  assert.equal(sale.total, parked.total);
});

test('a sale with money taken cannot be parked; an opened sale with none is set aside', async () => {
  assert.ok(t);
  const products = (await t.call('catalogue.get', {})).products;
  const lines = [{ productId: products[2]!.id, quantity: 2 }];
  const sale = await t.call('sales.open', { lines });
  await t.call('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
  const refused = await t.failure('counter.park', { lines, saleId: sale.saleId });
  assert.equal(refused.code, 'conflict');
  assert.match(refused.message, /£1\.00 was already taken on this sale, so it cannot be parked/);
  assert.equal((await t.call('sales.get', { saleId: sale.saleId })).state, 'open', 'the sale is untouched');
  assert.equal((await t.call('counter.parked', {})).length, 0);

  const untouched = await t.call('sales.open', { lines });
  const parked = await t.call('counter.park', { lines, saleId: untouched.saleId });
  assert.equal((await t.call('sales.get', { saleId: untouched.saleId })).state, 'abandoned');
  assert.deepEqual(
    (await t.call('counter.parked', {})).map((p) => p.parkedId),
    [parked.parkedId],
  );
});
