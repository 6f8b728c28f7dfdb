// Schema step 3 on a real PostgreSQL, each till signed in with its own login: what
// claim_sale_refund refuses (a sale not up, more units than sold, more money than paid, more on a
// card than it paid), the same claim twice changes nothing, row-level security keeps a till to its
// own claims, and the History search over the other tills' sales with each key.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  claimRefund,
  saleOnServer,
  searchOtherTills,
  settleClaim,
  takenOn,
} from '../../electron/services/shop-server/across-tills-queries';
import { connectShopServer, type ShopServerLink } from '../../electron/services/shop-server/connection';
import { openTillSide, prepareShop, startOutbox, tillSettings, type TestShop } from '../support/shop-server';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitUntil } from '../support/wait';

let server: TestPostgres;
let shop: TestShop;
let t1: ShopServerLink;
let t2: ShopServerLink;
const sales: Record<string, string> = {};

before(async () => {
  server = await startTestPostgres();
  shop = await prepareShop(server);
  // Till 2 sends up three sales: 2 teapots paid 500 by card + 300 cash; one of 250 in cash by Bo;
  // and one left open.
  const side = openTillSide();
  const ledger = side.ledger;
  const teapots = ledger.open('GBP', [
    { productId: 'p', sku: 'P', name: 'Teapot', quantity: 2, unitPrice: 400, lineTotal: 800, vatRate: 2000 },
  ]);
  ledger.addTender(teapots.saleId, { kind: 'card', amount: 500, paymentId: 'pay-1' });
  ledger.addTender(teapots.saleId, { kind: 'cash', amount: 300, given: 300 });
  sales.teapots = teapots.saleId;
  const cup = ledger.open(
    'GBP',
    [{ productId: 'c', sku: 'C', name: 'Cup', quantity: 1, unitPrice: 250, lineTotal: 250, vatRate: 2000 }],
    { id: 'bo', name: 'Bo' },
  );
  ledger.addTender(cup.saleId, { kind: 'cash', amount: 250, given: 250 });
  sales.cup = cup.saleId;
  sales.open = ledger.open('GBP', [
    { productId: 'c', sku: 'C', name: 'Cup', quantity: 1, unitPrice: 250, lineTotal: 250, vatRate: 2000 },
  ]).saleId;
  const till = shop.tills[1]!;
  const outbox = startOutbox(side, tillSettings(server, shop, till), till.password);
  await waitUntil(() => outbox.outbox.view().upToDate && !outbox.outbox.view().sending, 'till 2 to send up');
  await outbox.close();
  side.close();
  const link = (i: number) =>
    connectShopServer({
      settings: tillSettings(server, shop, shop.tills[i]!),
      password: shop.tills[i]!.password,
    });
  t1 = await link(0);
  t2 = await link(1);
});
after(async () => {
  await t1?.close();
  await t2?.close();
  await server?.close();
});

const claim = (
  link: ShopServerLink,
  id: string,
  lines: { lineIndex: number; quantity: number; amount: number }[],
  card = 0,
) =>
  claimRefund(link.client, {
    claimId: id,
    saleTill: 2,
    saleId: sales.teapots!,
    lines,
    cardAmount: card,
    originalPaymentId: card > 0 ? 'pay-1' : null,
  });

test('claim_sale_refund refuses what was not sold or paid, and records only what it allows', async () => {
  assert.deepEqual(
    await claimRefund(t1.client, {
      claimId: 'x',
      saleTill: 2,
      saleId: sales.open!,
      lines: [{ lineIndex: 0, quantity: 1, amount: 250 }],
      cardAmount: 0,
      originalPaymentId: null,
    }),
    { outcome: 'not_on_server' },
    'an open sale cannot be refunded',
  );
  assert.deepEqual(await claim(t1, 'a', [{ lineIndex: 0, quantity: 3, amount: 1200 }]), {
    outcome: 'line',
    lineIndex: 0,
    left: 2,
  });
  assert.deepEqual(await claim(t1, 'a', [{ lineIndex: 1, quantity: 1, amount: 1 }]), {
    outcome: 'line',
    lineIndex: 1,
    left: 0,
  });
  assert.deepEqual(await claim(t1, 'a', [{ lineIndex: 0, quantity: 1, amount: 801 }]), {
    outcome: 'total',
    left: 800,
  });
  assert.deepEqual(await claim(t1, 'a', [{ lineIndex: 0, quantity: 1, amount: 400 }], 501), {
    outcome: 'card',
    left: 500,
  });
  assert.deepEqual(await claim(t1, 'a', [{ lineIndex: 0, quantity: 1, amount: 400 }], 400), {
    outcome: 'claimed',
  });
  assert.deepEqual(
    await claim(t1, 'a', [{ lineIndex: 0, quantity: 1, amount: 400 }], 400),
    { outcome: 'claimed' },
    'the same claim again',
  );
  assert.deepEqual(await claim(t2, 'b', [{ lineIndex: 0, quantity: 1, amount: 400 }], 101), {
    outcome: 'card',
    left: 100,
  });
  assert.deepEqual(await claim(t2, 'b', [{ lineIndex: 0, quantity: 1, amount: 401 }]), {
    outcome: 'total',
    left: 400,
  });
  let taken = await takenOn(t2.client, t2.shopId, 2, sales.teapots!);
  assert.deepEqual([[...taken.lines], taken.amount], [[[0, 1]], 400]);
  // Row-level security: till 2 cannot settle till 1's claim; till 1 can.
  assert.equal(await settleClaim(t2.client, 'a', 'released'), false);
  assert.equal(await settleClaim(t1.client, 'a', 'released'), true);
  assert.equal(await settleClaim(t1.client, 'a', 'done'), false, 'settled once');
  taken = await takenOn(t2.client, t2.shopId, 2, sales.teapots!);
  assert.deepEqual([[...taken.lines], taken.amount], [[], 0], 'a released claim holds nothing');
  assert.deepEqual(await claim(t2, 'b', [{ lineIndex: 0, quantity: 2, amount: 800 }], 500), {
    outcome: 'claimed',
  });
  await assert.rejects(
    t1.client.query(
      `INSERT INTO refund_claims (shop_id, claim_id, till_id, sale_till_id, sale_id, state, total, card_amount, lines)
       VALUES ($1, 'forged', 2, 2, $2, 'held', 1, 0, '[]')`,
      [t1.shopId, sales.teapots],
    ),
    /row-level security/,
    'a till cannot claim in another till’s name',
  );
  await assert.rejects(
    t1.client.query('UPDATE refund_balances SET paid = 99999'),
    /row-level security|permission/,
    'a till cannot change what a sale was paid',
  );
});

test('History on the shop server: other tills’ completed sales by each key, newest first', async () => {
  const find = async (search: Parameters<typeof searchOtherTills>[3]) =>
    (await searchOtherTills(t1.client, t1.shopId, 1, search, 25)).map((s) => s.body.id);
  assert.deepEqual(await find({}), [sales.cup, sales.teapots], 'the open sale is not listed');
  assert.deepEqual(await find({ receiptNumber: '2-000002' }), [sales.cup]);
  assert.deepEqual(await find({ receiptNumber: '1-000002' }), [], 'till 1 has no such sale');
  assert.deepEqual(await find({ receiptNumber: 'S000001' }), [sales.teapots]);
  assert.deepEqual(await find({ amount: 250 }), [sales.cup]);
  assert.deepEqual(await find({ cashierId: 'bo' }), [sales.cup]);
  assert.deepEqual(await find({ from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z' }), []);
  assert.deepEqual(await find({ from: '2000-01-01T00:00:00Z' }), [sales.cup, sales.teapots]);
  assert.deepEqual(await find({ cardLastDigits: '1234' }), [], 'card digits: the till’s own journal only');
  assert.deepEqual(
    await searchOtherTills(t2.client, t2.shopId, 2, {}, 25),
    [],
    'a till’s own sales are its own page',
  );
  const one = await saleOnServer(t1.client, t1.shopId, sales.teapots!);
  assert.deepEqual([one?.tillNumber, one?.tillName, one?.refunded], [2, 'Till 2', 800]);
  assert.equal(await saleOnServer(t1.client, t1.shopId, sales.open!), null);
});
