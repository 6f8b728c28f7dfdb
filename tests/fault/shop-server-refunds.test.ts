// Refunds across tills on a real PostgreSQL, with two tills' History and refunds services: a sale
// from till 2 found and refunded in cash on till 1; two tills refunding the same sale at the same
// moment (held at a barrier on the sale's balance, then let go together) give back at most what was
// paid; a claim whose card refund failed is released and can be claimed again; an offline till
// refunds its own unsent sale but not a sent one, nor another till's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type { SaleView } from '../../shared/contract';
import { TillError } from '../../shared/contract/errors';
import { prepareShop, type TestShop } from '../support/shop-server';
import { openShopTill, type ShopTill } from '../support/shop-till';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitUntil } from '../support/wait';

let server: TestPostgres;
before(async () => {
  server = await startTestPostgres();
});
after(() => server?.close());

/** Both tills of a fresh shop, connected; closed after `work`. */
async function withTills(work: (t1: ShopTill, t2: ShopTill, shop: TestShop) => Promise<void>) {
  const shop = await prepareShop(server);
  const t1 = openShopTill(server, shop, 0);
  const t2 = openShopTill(server, shop, 1);
  try {
    await waitUntil(
      () => t1.outbox.connection.link() && t2.outbox.connection.link(),
      'both tills to connect',
    );
    await work(t1, t2, shop);
  } finally {
    await t1.close();
    await t2.close();
  }
}

const upToDate = (till: ShopTill) => {
  till.outbox.outbox.nudge();
  return waitUntil(
    () => till.outbox.outbox.view().upToDate && !till.outbox.outbox.view().sending,
    `till ${till.number} to send everything up`,
  );
};

/** A completed sale of `quantity` units at `unit` each, paid in cash or with one card payment. */
function sell(till: ShopTill, quantity: number, unit: number, card?: string): SaleView {
  const amount = quantity * unit;
  const sale = till.side.ledger.open('GBP', [
    { productId: 'p', sku: 'P', name: 'Teapot', quantity, unitPrice: unit, lineTotal: amount, vatRate: 2000 },
  ]);
  till.side.ledger.addTender(
    sale.saleId,
    card ? { kind: 'card', amount, paymentId: card } : { kind: 'cash', amount, given: amount },
  );
  return till.side.ledger.get(sale.saleId);
}

const wordsOf = (error: unknown) => (error instanceof TillError ? error.words?.key : String(error));

async function claims(shop: TestShop, saleId: string) {
  return server.query<{ claim_id: string; till_id: number; state: string; total: string }>(
    shop.database,
    'SELECT claim_id, till_id, state, total FROM refund_claims WHERE sale_id = $1 ORDER BY created_at',
    [saleId],
  );
}

/** Money given back on a sale by completed refunds in both tills' own records. */
function givenBack(tills: ShopTill[], saleId: string): number {
  return tills
    .flatMap((t) => t.parts.refunds.forSale(saleId))
    .filter((r) => r.state === 'completed')
    .reduce((sum, r) => sum + r.total, 0);
}

test('a sale from till 2 is found on till 1 with its till and refunded there in cash', async () => {
  await withTills(async (t1, t2, shop) => {
    const sale = sell(t2, 1, 450);
    await upToDate(t2);
    const page = await t1.handlers['history.search']({ receiptNumber: sale.receiptNumber, limit: 25 });
    const found = page.sales.find((s) => s.saleId === sale.saleId);
    if (!found) {
      // Say what till 1 and the server held at that moment.
      const onServer = await server.query(
        shop.database,
        "SELECT till_id, kind, local_id, body->>'state' AS state, body->>'number' AS number FROM journal",
      );
      assert.fail(
        `till 1 does not find till 2’s sale by its receipt number: till 1 ${
          t1.outbox.connection.link() ? 'online' : `not online (${t1.outbox.connection.state().state})`
        }; till 1's page ${JSON.stringify(page.sales.map((s) => s.receiptNumber))}; on the server ${JSON.stringify(onServer)}`,
      );
    }
    assert.deepEqual(found.till, { number: 2, name: 'Till 2' });
    assert.equal(found.receiptNumber, '2-000001');
    assert.equal(found.total, 450);

    const record = await t1.handlers['history.sale']({ saleId: sale.saleId });
    assert.deepEqual(record.till, { number: 2, name: 'Till 2' });
    assert.equal(record.lines[0]!.refundableQuantity, 1);

    const before = new Date(Date.now() - 1000).toISOString();
    const refund = await t1.refund({
      saleId: sale.saleId,
      lines: [{ lineIndex: 0, quantity: 1 }],
      cardAmount: 0,
    });
    assert.equal(refund.state, 'completed');
    assert.equal(refund.cashAmount, 450);
    assert.equal(refund.receiptNumber, '2-000001');
    // Till 1's own drawer and reports count it, under till 2's receipt number.
    const until = new Date(Date.now() + 1000).toISOString();
    const cash = t1.parts.refunds.cashGivenBack(before, until);
    assert.deepEqual(
      cash.map((c) => [c.saleId, c.amount, c.receiptNumber]),
      [[sale.saleId, 450, '2-000001']],
    );
    const items = t1.parts.refunds.completedWithItems(before, until);
    assert.deepEqual(
      items.flatMap((r) => r.lines.map((l) => [r.receiptNumber, l.name, l.quantity, l.amount, l.vatRate])),
      [['2-000001', 'Teapot', 1, 450, 2000]],
    );
    assert.equal(t2.parts.refunds.cashGivenBack(before, until).length, 0, 'till 2’s drawer gave nothing');
    await waitUntil(
      async () => (await claims(shop, sale.saleId))[0]?.state === 'done',
      'till 1’s claim to be settled as done',
    );
    assert.deepEqual(
      (await claims(shop, sale.saleId)).map((c) => [c.claim_id, c.till_id, Number(c.total)]),
      [[refund.refundId, 1, 450]],
    );
    // Given back in full: neither till can refund it again.
    await assert.rejects(
      t1.refund({ saleId: sale.saleId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0 }),
      (e) => wordsOf(e) === 'refund.fullyRefunded',
    );
    await assert.rejects(
      t2.refund({ saleId: sale.saleId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0 }),
      (e) => wordsOf(e) === 'refund.fullyRefunded',
    );
    // Till 2's History shows what till 1 gave back.
    const own = await t2.handlers['history.sale']({ saleId: sale.saleId });
    assert.equal(own.lines[0]!.refundableQuantity, 0);
    assert.equal(own.refundedTotal, 450);
    // Till 1's refund goes up with its own journal.
    await upToDate(t1);
    const up = await server.query<{ body: { saleId: string; state: string } }>(
      shop.database,
      "SELECT body FROM journal WHERE till_id = 1 AND kind = 'refund'",
    );
    assert.deepEqual(
      up.map((r) => [r.body.saleId, r.body.state]),
      [[sale.saleId, 'completed']],
    );
  });
});

/**
 * Holds every claim on `sale` at its balance's lock (a transaction of the owner's that made the
 * balance row and holds it), runs `race` until `waiting` claims queue behind it, then lets go.
 */
async function atBarrier<T>(
  shop: TestShop,
  saleTill: number,
  sale: SaleView,
  waiting: number,
  race: () => Promise<T>,
) {
  const owner = new pg.Client({ connectionString: shop.ownerUrl });
  await owner.connect();
  try {
    await owner.query('BEGIN');
    await owner.query(
      `INSERT INTO refund_balances (shop_id, sale_till_id, sale_id, currency, paid) VALUES ($1, $2, $3, 'GBP', $4)`,
      [shop.shopId, saleTill, sale.saleId, sale.total],
    );
    await owner.query(
      'SELECT paid FROM refund_balances WHERE shop_id = $1 AND sale_till_id = $2 AND sale_id = $3 FOR UPDATE',
      [shop.shopId, saleTill, sale.saleId],
    );
    const raced = race();
    // Watched from outside the owner's transaction (which would see one frozen snapshot of it).
    await waitUntil(
      async () =>
        Number(
          (
            await server.query<{ n: string }>(
              shop.database,
              `SELECT count(*) AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%claim_sale_refund%'`,
            )
          )[0]!.n,
        ) >= waiting,
      `${waiting} claims to wait at the sale's balance`,
    );
    await owner.query('COMMIT');
    return await raced;
  } finally {
    await owner.end();
  }
}

test('two tills refunding the same sale at the same moment give back at most what was paid', async () => {
  await withTills(async (t1, t2, shop) => {
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      // The sale alternates between the tills; each round one sale of 3 teapots (3 × 400).
      const [maker, other] = round % 2 === 0 ? [t2, t1] : [t1, t2];
      const sale = sell(maker, 3, 400);
      await upToDate(maker);
      await other.handlers['history.sale']({ saleId: sale.saleId });
      // Each till asks for 2 of the 3 at once: only one of them can have them.
      const ask = (till: ShopTill) =>
        till.refund({ saleId: sale.saleId, lines: [{ lineIndex: 0, quantity: 2 }], cardAmount: 0 });
      const race = () => Promise.allSettled([ask(t1), ask(t2)]);
      const results = round < rounds / 2 ? await atBarrier(shop, maker.number, sale, 2, race) : await race();
      const done = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      assert.equal(done.length, 1, `round ${round}: exactly one till refunds`);
      assert.equal(wordsOf((refused[0] as PromiseRejectedResult).reason), 'refund.onlyLeft');
      assert.equal(givenBack([t1, t2], sale.saleId), 800, `round ${round}: 2 × 400 given back, once`);
      // The last teapot can still go back, once, on either till.
      await ask(other).catch((e: unknown) => assert.equal(wordsOf(e), 'refund.onlyLeft'));
      await other.refund({ saleId: sale.saleId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0 });
      await assert.rejects(
        maker.refund({ saleId: sale.saleId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0 }),
        (e) => wordsOf(e) === 'refund.fullyRefunded',
      );
      assert.equal(givenBack([t1, t2], sale.saleId), 1200, `round ${round}: never more than paid`);
      const held = (await claims(shop, sale.saleId)).filter((c) => c.state !== 'released');
      assert.equal(
        held.reduce((sum, c) => sum + Number(c.total), 0),
        1200,
      );
    }
  });
});

test('a claim whose card refund failed is released and can be claimed again', async () => {
  await withTills(async (t1, t2, shop) => {
    const sale = sell(t2, 1, 900, 't2-card-payment-1');
    await upToDate(t2);
    const record = await t1.handlers['history.sale']({ saleId: sale.saleId });
    // Till 2's card payment goes back on till 1's own card machine.
    assert.deepEqual(
      record.cards.map((c) => [c.paymentId, c.terminalId, c.refundableLeft]),
      [['t2-card-payment-1', 'T1', 900]],
    );
    const pending = await t1.refund({
      saleId: sale.saleId,
      lines: [{ lineIndex: 0, quantity: 1 }],
      cardAmount: 900,
      card: { paymentId: 't2-card-payment-1', terminalId: 'T1' },
    });
    assert.equal(pending.state, 'card_pending');
    const started = t1.cardRefunds[0]!;
    assert.equal(started.terminalId, 'T1');
    assert.equal(started.amount, 900);
    assert.equal(started.originalPaymentId, undefined, 'not linked to a payment till 1 never took');
    // While the card part runs, the sale is held for it: till 2 cannot give it back meanwhile.
    await assert.rejects(
      t2.refund({ saleId: sale.saleId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0 }),
      (e) => wordsOf(e) === 'refund.fullyRefunded',
    );
    t1.finishCard(started.id, false);
    assert.equal(t1.parts.refunds.forSale(sale.saleId)[0]!.state, 'failed');
    await waitUntil(
      async () => (await claims(shop, sale.saleId))[0]?.state === 'released',
      'the failed card refund’s claim to be released',
    );
    const cash = await t2.refund({
      saleId: sale.saleId,
      lines: [{ lineIndex: 0, quantity: 1 }],
      cardAmount: 0,
    });
    assert.equal(cash.state, 'completed');
    assert.equal(givenBack([t1, t2], sale.saleId), 900);
    await waitUntil(
      async () => (await claims(shop, sale.saleId))[1]?.state === 'done',
      'till 2’s claim to be settled as done',
    );
    assert.deepEqual(
      (await claims(shop, sale.saleId)).map((c) => [c.till_id, c.state]),
      [
        [1, 'released'],
        [2, 'done'],
      ],
    );
  });
});

test('offline, a till refunds its own unsent sale, but not a sent one nor another till’s', async () => {
  await withTills(async (t1, t2) => {
    const sent = sell(t1, 2, 300);
    const theirs = sell(t2, 1, 500);
    await upToDate(t1);
    await upToDate(t2);
    await t1.handlers['history.sale']({ saleId: theirs.saleId });
    let unsentId = '';
    await server.server.stop();
    try {
      await waitUntil(
        () => t1.outbox.connection.state().state === 'offline',
        'till 1 to find the server away',
      );
      const unsent = sell(t1, 2, 300);
      unsentId = unsent.saleId;
      const one = [{ lineIndex: 0, quantity: 1 }];
      const refund = await t1.refund({ saleId: unsent.saleId, lines: one, cardAmount: 0 });
      assert.equal(refund.state, 'completed');
      await assert.rejects(
        t1.refund({ saleId: sent.saleId, lines: one, cardAmount: 0 }),
        (e) =>
          wordsOf(e) === 'acrossTills.sentOffline' && /already on the shop server/.test((e as Error).message),
      );
      await assert.rejects(
        t1.refund({ saleId: theirs.saleId, lines: one, cardAmount: 0 }),
        (e) => wordsOf(e) === 'acrossTills.otherTillOffline' && /another till/.test((e as Error).message),
      );
      assert.equal(t1.parts.refunds.forSale(sent.saleId).length, 0, 'nothing written for a refused refund');
      // Its own History still opens the kept sale of till 2 (without the server's figures).
      const kept = await t1.handlers['history.sale']({ saleId: theirs.saleId });
      assert.equal(kept.sale.receiptNumber, '2-000001');
    } finally {
      await server.server.start();
    }
    // Back: the offline refund went up with the sale, and counts for every till.
    await upToDate(t1);
    await waitUntil(() => t2.outbox.connection.link(), 'till 2 to connect again');
    await t2.handlers['history.sale']({ saleId: unsentId });
    await t2.refund({ saleId: unsentId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0 });
    await assert.rejects(
      t2.refund({ saleId: unsentId, lines: [{ lineIndex: 0, quantity: 1 }], cardAmount: 0 }),
      (e) => wordsOf(e) === 'refund.fullyRefunded',
      'till 1’s offline refund counts on the server: 2 sold, 1 back offline, 1 back now',
    );
    assert.equal(givenBack([t1, t2], unsentId), 600);
  });
});
