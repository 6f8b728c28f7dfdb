// Across tills in Chromium: till 1 is the browser host with a shop server set (a real PostgreSQL),
// till 2 sells and sends its journal up; on till 1's History screen the cashier finds till 2's sale
// by its receipt number, sees which till it was made on, and refunds one item in cash from till 1's
// drawer. The refund is then in till 1's own record, and till 1's claim is done on the shop server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { SaleView } from '../../shared/contract';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import {
  openTillSide,
  prepareShop,
  startOutbox,
  tillSettings,
  type TestShop,
  type TillOutbox,
  type TillSide,
} from '../support/shop-server';
import { waitUntil } from '../support/wait';
import { refundAnotherTillsSaleInCash, speaker, type Counter } from './counter-steps';
import type { TestHost } from './support/host';
import { openStaffedTill } from './support/staffed-till';
import { call } from './sell-support';

let server: TestPostgres;
let shop: TestShop;
let host: TestHost;
let page: Page;
let close: (() => Promise<void>) | undefined;
let till2: { side: TillSide; outbox: TillOutbox } | undefined;
const words = speaker('en-GB');
const counter: Counter = { page: () => page, host: () => host, words, currency: 'GBP' };

before(async () => {
  server = await startTestPostgres();
  shop = await prepareShop(server);
  ({ host, page, close } = await openStaffedTill()); // the manager is signed in
  const login = shop.tills[0]!;
  await call(host, 'secrets.save', { key: 'shopServer.password', profile: 'live', value: login.password });
  await call(host, 'settings.update', { patch: { shopServer: tillSettings(server, shop, login) } });
  await waitUntil(
    async () => (await call(host, 'status.get', {})).shopServer?.state === 'up_to_date',
    'till 1 to be connected to the shop server',
    30_000,
  );
  const side = openTillSide();
  till2 = {
    side,
    outbox: startOutbox(side, tillSettings(server, shop, shop.tills[1]!), shop.tills[1]!.password),
  };
});

after(async () => {
  await close?.();
  await till2?.outbox.close();
  till2?.side.close();
  await server?.close();
});

/** Till 2 sells two teapots at 4.00 in cash and sends the sale up. */
async function soldOnTill2(): Promise<SaleView> {
  const { side, outbox } = till2!;
  const open = side.ledger.open('GBP', [
    {
      productId: 'teapot',
      sku: 'TP',
      name: 'Teapot',
      quantity: 2,
      unitPrice: 400,
      lineTotal: 800,
      vatRate: 2000,
    },
  ]);
  side.ledger.addTender(open.saleId, { kind: 'cash', amount: 800, given: 800 });
  outbox.outbox.nudge();
  await waitUntil(
    () => outbox.outbox.view().upToDate && !outbox.outbox.view().sending,
    'till 2 to send its sale up',
  );
  return side.ledger.get(open.saleId);
}

test('till 2’s sale is found on till 1 with the till it was made on, and refunded there in cash', async () => {
  const sale = await soldOnTill2();
  // Till 2's receipts carry its number across the shop (its test ledger here numbers them alone).
  await refundAnotherTillsSaleInCash(
    counter,
    { receipt: '2-000001', till: { name: 'Till 2', number: 2 }, currency: 'GBP' },
    { item: 'Teapot', left: 2, quantity: 1, total: 400, reason: 'Chipped' },
  );

  // Till 1's own record holds the refund; the shop server holds till 1's claim, done.
  const record = await call(host, 'history.sale', { saleId: sale.saleId });
  assert.deepEqual(record.till, { number: 2, name: 'Till 2' });
  assert.deepEqual(
    record.refunds.map((r) => [r.state, r.total, r.cashAmount, r.receiptNumber]),
    [['completed', 400, 400, '2-000001']],
  );
  assert.deepEqual(
    record.lines.map((l) => l.refundableQuantity),
    [1],
  );
  await waitUntil(
    async () =>
      (
        await server.query<{ till_id: number; state: string; total: string }>(
          shop.database,
          'SELECT till_id, state, total FROM refund_claims WHERE sale_id = $1',
          [sale.saleId],
        )
      )
        .map((c) => `${c.till_id}:${c.state}:${c.total}`)
        .join() === '1:done:400',
    'till 1’s claim to be done on the shop server',
  );
});
