// The refund rules on their own, over a real SQLite file and the real sales ledger, with the card
// machine's side played by hand: what is refused (and in which words), which card payment a card
// part may go to and how much, and how a card part that succeeds, fails or was cut off by a
// restart settles the refund.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CardFacts } from '../../../electron/services/sales/refunds';
import { refusalOf } from '../../support/refusal';
import {
  BOSS,
  FAILED,
  bench,
  closeBench,
  finish,
  heard,
  input,
  line,
  linked,
  listeners,
  logged,
  openBench,
  payments,
  printed,
  refundsOver,
  soldSale,
  toPaper,
} from './refund-bench';

before(openBench);
after(closeBench);

test('a sale that is not completed cannot be refunded from its receipt', async () => {
  const refunds = refundsOver();
  const open = bench.ledger.open('GBP', [line('Mug', 1, 800)]);
  const refusal = await refusalOf(refunds.refund(input(open, {}), () => BOSS));
  assert.deepEqual(refusal, {
    code: 'conflict',
    message: 'Only a completed sale can be refunded from its receipt.',
    words: { key: 'refund.notCompleted' },
  });
});

test('lines that were paid nothing have nothing to give back', async () => {
  const refunds = refundsOver();
  const { sale } = soldSale([line('Free bag', 1, 0), line('Mug', 1, 800)], 0);
  const refusal = await refusalOf(refunds.refund(input(sale, {}), () => BOSS));
  assert.deepEqual(refusal, {
    code: 'invalid_input',
    message: 'Those lines were paid nothing, so there is nothing to give back.',
    words: { key: 'refund.nothingPaid' },
  });
  assert.equal(refunds.forSale(sale.saleId).length, 0);
});

test('each line is picked once, and only lines on the receipt', async () => {
  const refunds = refundsOver();
  const { sale } = soldSale([line('Mug', 3, 800)], 0);
  const twice = {
    lines: [
      { lineIndex: 0, quantity: 1 },
      { lineIndex: 0, quantity: 1 },
    ],
  };
  const outside = { lines: [{ lineIndex: 1, quantity: 1 }] };
  for (const picked of [twice, outside]) {
    assert.deepEqual(await refusalOf(refunds.refund(input(sale, picked), () => BOSS)), {
      code: 'invalid_input',
      message: 'Pick each line of the receipt once.',
      words: { key: 'refund.lineTwice' },
    });
  }
  assert.equal(refunds.forSale(sale.saleId).length, 0);
});

test('what is left of a line, and a line refunded in full, are refused in their own words', async () => {
  const refunds = refundsOver();
  const { sale } = soldSale([line('Mug', 3, 800)], 0);
  await refunds.refund(input(sale, { lines: [{ lineIndex: 0, quantity: 2 }] }), () => BOSS);
  assert.deepEqual(
    await refusalOf(refunds.refund(input(sale, { lines: [{ lineIndex: 0, quantity: 2 }] }), () => BOSS)),
    {
      code: 'invalid_input',
      message: 'Only 1 of Mug can still be refunded.',
      words: { key: 'refund.onlyLeft', params: { left: 1, name: 'Mug' } },
    },
  );
  await refunds.refund(input(sale, {}), () => BOSS);
  assert.deepEqual(await refusalOf(refunds.refund(input(sale, {}), () => BOSS)), {
    code: 'invalid_input',
    message: 'Mug has already been refunded in full.',
    words: { key: 'refund.fullyRefunded', params: { name: 'Mug' } },
  });
});

test('a cash refund gives it all from the drawer, opens it, and prints a refund receipt', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Mug', 2, 800)], 1600);
  const from = printed.length;
  // A card named but no card part: all of it is cash and the card machine is not asked.
  const done = await refunds.refund(
    input(sale, { card: { paymentId, terminalId: 'T1' }, cardAmount: 0 }),
    () => BOSS,
  );
  assert.equal(done.state, 'completed');
  assert.deepEqual([done.total, done.cardAmount, done.cashAmount], [800, 0, 800]);
  assert.equal(done.cardPaymentId, null);
  assert.equal(done.originalPaymentId, null);
  assert.equal(linked.get(paymentId)!.length, 0, 'nothing went to the card machine');
  assert.equal(done.message, 'Refunded £8.00: £8.00 in cash from the drawer.');
  assert.deepEqual(done.by, BOSS);
  assert.deepEqual(
    printed.slice(from).map((p) => [p.id, p.kickDrawer]),
    [[`refund:${done.refundId}`, true]],
  );
  assert.ok(printed.at(-1)!.lines.length > 0);
  assert.deepEqual(heard.at(-1), done);
});

test('the card part cannot be more than the refund, but may be all of it', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Lamp', 1, 2500)], 2500);
  const card = { paymentId, terminalId: 'T1' };
  assert.deepEqual(await refusalOf(refunds.refund(input(sale, { card, cardAmount: 2501 }), () => BOSS)), {
    code: 'invalid_input',
    message: 'The card part cannot be more than the refund, £25.00.',
    words: {
      key: 'refund.cardOverTotal',
      params: { total: { minor: 2500, currency: 'GBP' } },
    },
  });
  const from = printed.length;
  const started = await refunds.refund(input(sale, { card, cardAmount: 2500 }), () => BOSS);
  assert.equal(started.state, 'card_pending');
  assert.equal(
    started.message,
    '£25.00 is going back to the card: the customer presents their card on the card machine.',
  );
  assert.equal(started.originalPaymentId, paymentId);
  assert.equal(started.cardPaymentId, linked.get(paymentId)![0]!.id);
  const row = bench.db.prepare('SELECT terminal_id FROM sale_refunds WHERE id = ?').get(started.refundId) as {
    terminal_id: string;
  };
  assert.equal(row.terminal_id, 'T1');
  assert.equal(printed.length, from, 'nothing prints until the card part is done');

  finish(started.cardPaymentId!, 'SUCCESSFUL');
  const done = refunds.forSale(sale.saleId)[0]!;
  assert.equal(done.state, 'completed');
  assert.equal(done.message, 'Refunded £25.00: £25.00 to the card.');
  assert.deepEqual(
    printed.slice(from).map((p) => [p.id, p.kickDrawer]),
    [[`refund:${done.refundId}`, false]],
  );
});

test('the card part needs a card payment of this sale', async () => {
  const refunds = refundsOver();
  const { sale } = soldSale([line('Lamp', 1, 2500)], 2500);
  const other = soldSale([line('Lamp', 1, 2500)], 2500);
  assert.deepEqual(await refusalOf(refunds.refund(input(sale, { cardAmount: 100 }), () => BOSS)), {
    code: 'invalid_input',
    message: 'Choose the card payment and card machine for the card part.',
    words: { key: 'refund.chooseCard' },
  });
  const card = { paymentId: other.paymentId, terminalId: 'T1' };
  assert.deepEqual(await refusalOf(refunds.refund(input(sale, { card, cardAmount: 100 }), () => BOSS)), {
    code: 'invalid_input',
    message: 'That card payment is not on this sale: choose one from its receipt.',
    words: { key: 'refund.notThisSale' },
  });
  assert.equal(refunds.forSale(sale.saleId).length, 0);
});

test('the card part may take exactly what is left on the card, counting refunds still running', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Cup', 4, 500)], 1500);
  const card = { paymentId, terminalId: 'T1' };
  const running = await refunds.refund(input(sale, { card, cardAmount: 500 }), () => BOSS);
  assert.equal(running.state, 'card_pending');
  // 1500 paid by card, 500 already on its way back: 1000 left.
  assert.deepEqual(
    await refusalOf(
      refunds.refund(
        input(sale, { card, cardAmount: 1001, lines: [{ lineIndex: 0, quantity: 3 }] }),
        () => BOSS,
      ),
    ),
    {
      code: 'invalid_input',
      message: 'At most £10.00 can still go back to that card: give the rest in cash.',
      words: { key: 'refund.cardLeft', params: { left: { minor: 1000, currency: 'GBP' } } },
    },
  );
  const rest = await refunds.refund(
    input(sale, { card, cardAmount: 1000, lines: [{ lineIndex: 0, quantity: 2 }] }),
    () => BOSS,
  );
  assert.equal(rest.state, 'card_pending');
  assert.deepEqual(await refusalOf(refunds.refund(input(sale, { card, cardAmount: 1 }), () => BOSS)), {
    code: 'invalid_input',
    message: 'Nothing more can go back to that card: give it in cash.',
    words: { key: 'refund.cardNothingLeft' },
  });
});

test('a card part goes only to a card payment that succeeded', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Cup', 1, 500)], 500);
  Object.assign(payments.get(paymentId)!, { result: 'DECLINED' });
  const refusal = await refusalOf(
    refunds.refund(input(sale, { card: { paymentId, terminalId: 'T1' }, cardAmount: 500 }), () => BOSS),
  );
  assert.equal(refusal.message, 'Nothing more can go back to that card: give it in cash.');
  payments.delete(paymentId);
  const gone = await refusalOf(
    refunds.refund(input(sale, { card: { paymentId, terminalId: 'T1' }, cardAmount: 500 }), () => BOSS),
  );
  assert.equal(gone.message, 'Nothing more can go back to that card: give it in cash.');
});

test('a declined card part fails the refund and frees its lines; a payment no refund waits on changes nothing', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Cup', 1, 500)], 500);
  const card = { paymentId, terminalId: 'T1' };
  const started = await refunds.refund(input(sale, { card, cardAmount: 500 }), () => BOSS);
  for (const l of [...listeners]) l(paymentId); // the sale's own payment: no refund waits on it
  finish(started.cardPaymentId!, 'DECLINED');
  const failed = refunds.forSale(sale.saleId)[0]!;
  assert.equal(failed.state, 'failed');
  assert.equal(failed.message, FAILED);
  assert.deepEqual(heard.at(-1), failed);
  assert.equal(refunds.refundedByLine(sale.saleId).size, 0);
  const cash = await refunds.refund(input(sale, {}), () => BOSS);
  assert.equal(cash.state, 'completed');
});

test('a card part approved before its start is answered completes the refund there and then', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Cup', 1, 500), line('Jug', 1, 700)], 1200);
  const from = printed.length;
  const since = new Date(bench.clock.now() - 1).toISOString();
  // The card machine's "finished" came before the refund knew its card payment: nobody matched it.
  bench.nextStart = 'approvedFirst';
  const done = await refunds
    .refund(
      input(sale, {
        lines: [
          { lineIndex: 0, quantity: 1 },
          { lineIndex: 1, quantity: 1 },
        ],
        card: { paymentId, terminalId: 'T1' },
        cardAmount: 500,
      }),
      () => BOSS,
    )
    .finally(() => (bench.nextStart = 'ok'));
  assert.equal(done.state, 'completed');
  assert.deepEqual([done.total, done.cardAmount, done.cashAmount], [1200, 500, 700]);
  assert.equal(done.message, 'Refunded £12.00: £5.00 to the card and £7.00 in cash from the drawer.');
  assert.equal(refunds.refundedTotals([sale.saleId]).get(sale.saleId), 1200);
  assert.deepEqual(
    [...refunds.refundedByLine(sale.saleId)],
    [
      [0, { quantity: 1, amount: 500 }],
      [1, { quantity: 1, amount: 700 }],
    ],
  );
  // Its cash part left the drawer, and the receipt printed with the drawer opening.
  const cashOut = refunds.cashGivenBack(since, new Date(bench.clock.now()).toISOString());
  assert.deepEqual(
    cashOut.filter((c) => c.refundId === done.refundId).map((c) => c.amount),
    [700],
  );
  assert.deepEqual(
    printed.slice(from).map((p) => [p.id, p.kickDrawer]),
    [[`refund:${done.refundId}`, true]],
  );
  assert.deepEqual(heard.at(-1), done);
});

test('a card part declined before its start is answered fails the refund and frees its lines', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Cup', 1, 500)], 500);
  bench.nextStart = 'declinedFirst';
  const failed = await refunds
    .refund(input(sale, { card: { paymentId, terminalId: 'T1' }, cardAmount: 500 }), () => BOSS)
    .finally(() => (bench.nextStart = 'ok'));
  assert.deepEqual([failed.state, failed.message], ['failed', FAILED]);
  assert.equal(refunds.refundedTotals([sale.saleId]).get(sale.saleId), undefined);
  assert.equal(refunds.refundedByLine(sale.saleId).size, 0);
  // The cup can be given back again, all of it in cash.
  const cash = await refunds.refund(input(sale, {}), () => BOSS);
  assert.deepEqual([cash.state, cash.cashAmount], ['completed', 500]);
});

test('a card refund the till could not start fails with its reason, and the refusal reaches the cashier', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Cup', 1, 500)], 500);
  bench.nextStart = 'refuse';
  try {
    const refusal = await refusalOf(
      refunds.refund(input(sale, { card: { paymentId, terminalId: 'T1' }, cardAmount: 500 }), () => BOSS),
    );
    assert.equal(refusal.code, 'terminal_busy');
  } finally {
    bench.nextStart = 'ok';
  }
  const [failed] = refunds.forSale(sale.saleId);
  assert.equal(failed!.state, 'failed');
  assert.equal(failed!.message, 'That card machine is busy with another payment.');
  assert.equal(refunds.refundedTotals([sale.saleId]).get(sale.saleId), undefined);
});

test('once closed, the refunds no longer follow card payments', async () => {
  const own = new Set<(paymentId: string) => void>();
  const refunds = refundsOver(toPaper, own);
  const { sale, paymentId } = soldSale([line('Cup', 1, 500)], 500);
  const card = { paymentId, terminalId: 'T1' };
  const started = await refunds.refund(input(sale, { card, cardAmount: 500 }), () => BOSS);
  refunds.close();
  Object.assign(payments.get(started.cardPaymentId!)!, { state: 'finished', result: 'DECLINED' });
  for (const l of own) l(started.cardPaymentId!);
  assert.equal(refunds.forSale(sale.saleId)[0]!.state, 'card_pending');
});

test('after a restart, a refund cut off before it knew its card payment adopts the REFUND made for it', async () => {
  const refunds = refundsOver();
  const { sale, paymentId } = soldSale([line('Cup', 1, 500), line('Jug', 1, 500)], 1000);
  const card = { paymentId, terminalId: 'T1' };
  const first = await refunds.refund(input(sale, { card, cardAmount: 500 }), () => BOSS);
  // It finished while the till was down: nobody heard.
  Object.assign(payments.get(first.cardPaymentId!)!, { state: 'finished', result: 'SUCCESSFUL' });
  bench.nextStart = 'hang';
  void refunds.refund(
    input(sale, { card, cardAmount: 500, lines: [{ lineIndex: 1, quantity: 1 }] }),
    () => BOSS,
  );
  const lost = soldSale([line('Pot', 1, 700)], 700);
  void refunds.refund(
    input(lost.sale, { card: { paymentId: lost.paymentId, terminalId: 'T1' }, cardAmount: 700 }),
    () => BOSS,
  );
  bench.nextStart = 'ok';
  const facts = (id: string, type: CardFacts['type'], amount: number): CardFacts => ({
    id,
    type,
    state: 'finished',
    result: 'SUCCESSFUL',
    resolution: null,
    amount,
    saleId: null,
  });
  // Not it: another refund's, a duplicate, another amount. It: the unclaimed REFUND of 500.
  for (const p of [
    facts('dup', 'DUPLICATE', 500),
    facts('odd', 'REFUND', 499),
    facts('orphan', 'REFUND', 500),
  ]) {
    payments.set(p.id, p);
    linked.get(paymentId)!.push(p);
  }
  const from = printed.length;
  refundsOver().reconcilePending();
  const [done, adopted] = refunds.forSale(sale.saleId);
  assert.deepEqual([done!.state, done!.cardPaymentId], ['completed', first.cardPaymentId]);
  assert.deepEqual([adopted!.state, adopted!.cardPaymentId], ['completed', 'orphan']);
  assert.equal(adopted!.message, 'Refunded £5.00: £5.00 to the card.');
  const [never] = refunds.forSale(lost.sale.saleId);
  assert.deepEqual([never!.state, never!.message], ['failed', FAILED]);
  assert.deepEqual(
    printed
      .slice(from)
      .map((p) => p.id)
      .sort(),
    [`refund:${done!.refundId}`, `refund:${adopted!.refundId}`].sort(),
  );
});

test('a receipt that cannot be queued is logged, and the refund stands', async () => {
  const refunds = refundsOver(() => Promise.reject(new Error('printer gone')));
  const { sale } = soldSale([line('Cup', 1, 500)], 0);
  const done = await refunds.refund(input(sale, {}), () => BOSS);
  assert.equal(done.state, 'completed');
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.ok(logged.includes(`could not queue refund receipt ${done.refundId}`));
});
