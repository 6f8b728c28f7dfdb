// Refunds and History across tills, the rules that need no server: how a receipt number typed on
// one till finds another's, what a refused claim says, a sale record with what the shop's tills
// together gave back, and what the gate allows while the shop server is reachable, away, or not set
// up (the server played by a hand-made client that answers as claim_sale_refund would).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SaleRecord, SaleView } from '../../../shared/contract';
import { TillError } from '../../../shared/contract/errors';
import {
  receiptOnServer,
  type ClaimOutcome,
} from '../../../electron/services/shop-server/across-tills-queries';
import {
  claimRefusal,
  createAcrossTills,
  withShopRefunds,
  type AcrossTillsDeps,
} from '../../../electron/services/shop-server/across-tills';
import type { OtherTillSale } from '../../../electron/services/sales/other-till-sales';
import type { ShopServerLink } from '../../../electron/services/shop-server/connection';

const SALE: SaleView = {
  saleId: 'sale-1',
  receiptNumber: '2-000007',
  state: 'completed',
  currency: 'GBP',
  lines: [
    { productId: 'p', sku: 'P', name: 'Teapot', quantity: 3, unitPrice: 400, lineTotal: 1200, vatRate: 2000 },
    { productId: 'c', sku: 'C', name: 'Cup', quantity: 2, unitPrice: 150, lineTotal: 300, vatRate: 2000 },
  ] as SaleView['lines'],
  total: 1500,
  paid: 1500,
  due: 0,
  change: 0,
  refunded: 0,
  tenders: [
    {
      kind: 'card',
      amount: 1000,
      given: null,
      paymentId: 'pay-9',
      reference: null,
      needsReconciliation: false,
      by: null,
    },
    {
      kind: 'cash',
      amount: 500,
      given: 500,
      paymentId: null,
      reference: null,
      needsReconciliation: false,
      by: null,
    },
  ],
  servedBy: null,
  discount: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  completedAt: '2026-12-07T10:00:05.000Z',
};

const RECORD: SaleRecord = {
  sale: SALE,
  lines: [
    { lineIndex: 0, name: 'Teapot', quantity: 3, paid: 1200, refundedQuantity: 1, refundableQuantity: 2 },
    { lineIndex: 1, name: 'Cup', quantity: 2, paid: 300, refundedQuantity: 0, refundableQuantity: 2 },
  ],
  vat: [],
  cards: [],
  refunds: [],
  refundedTotal: 400,
};

test('a receipt number typed with a till finds that till’s sale; without one, any till’s', () => {
  assert.deepEqual(receiptOnServer('2-000123'), { till: 2, number: 123 });
  assert.deepEqual(receiptOnServer(' 12-5 '), { till: 12, number: 5 });
  assert.deepEqual(receiptOnServer('S000123'), { till: null, number: 123 });
  assert.deepEqual(receiptOnServer('s42'), { till: null, number: 42 });
  assert.deepEqual(receiptOnServer('77'), { till: null, number: 77 });
});

test('a refused claim says why in the words of a refund on one till, with what is left', () => {
  const said = (outcome: ClaimOutcome) => {
    const error = claimRefusal(outcome, SALE);
    return error && { code: error.code, message: error.message, words: error.words };
  };
  assert.equal(said({ outcome: 'claimed' }), null);
  assert.deepEqual(said({ outcome: 'line', lineIndex: 1, left: 0 }), {
    code: 'invalid_input',
    message: 'Cup has already been refunded in full.',
    words: { key: 'refund.fullyRefunded', params: { name: 'Cup' } },
  });
  assert.deepEqual(said({ outcome: 'line', lineIndex: 0, left: 2 }), {
    code: 'invalid_input',
    message: 'Only 2 of Teapot can still be refunded.',
    words: { key: 'refund.onlyLeft', params: { left: 2, name: 'Teapot' } },
  });
  assert.deepEqual(said({ outcome: 'total', left: 250 }), {
    code: 'invalid_input',
    message: 'The shop’s tills together can give back only £2.50 more on this sale.',
    words: { key: 'acrossTills.totalLeft', params: { left: { minor: 250, currency: 'GBP' } } },
  });
  assert.deepEqual(said({ outcome: 'card', left: 300 })?.words, {
    key: 'refund.cardLeft',
    params: { left: { minor: 300, currency: 'GBP' } },
  });
  assert.deepEqual(said({ outcome: 'card', left: 0 })?.words, { key: 'refund.cardNothingLeft' });
  assert.deepEqual(said({ outcome: 'not_on_server' }), {
    code: 'conflict',
    message: 'This sale is still on its way to the shop server: try again in a moment.',
    words: { key: 'acrossTills.stillSending' },
  });
});

test('a record shows what the shop’s tills together gave back, never less than this till knows', () => {
  const shop = withShopRefunds(RECORD, { lines: new Map([[1, 2]]), amount: 300 }, null);
  assert.deepEqual(
    shop.lines.map((l) => [l.refundedQuantity, l.refundableQuantity]),
    [
      [1, 2],
      [2, 0],
    ],
  );
  assert.equal(shop.refundedTotal, 400, 'this till’s own 400 is more than the server has heard of');
  assert.equal(shop.till, undefined);
  assert.deepEqual(shop.cards, [], 'an own sale keeps its own cards');
  const more = withShopRefunds(RECORD, { lines: new Map([[0, 3]]), amount: 1200 }, null);
  assert.deepEqual(more.lines[0], { ...RECORD.lines[0], refundedQuantity: 3, refundableQuantity: 0 });
  assert.equal(more.refundedTotal, 1200);
});

test('another till’s card payment goes back on this till’s own card machine, at most what is left', () => {
  const till = { number: 2, name: 'Bar' };
  const other = withShopRefunds(RECORD, { lines: new Map(), amount: 700 }, { till, terminalId: 'T1' });
  assert.deepEqual(other.till, till);
  assert.deepEqual(other.cards, [
    {
      paymentId: 'pay-9',
      terminalId: 'T1',
      amount: 1000,
      cardLabel: null,
      lastDigits: null,
      refundableLeft: 800,
    },
  ]);
  const lots = withShopRefunds(RECORD, { lines: new Map(), amount: 0 }, { till, terminalId: 'T1' });
  assert.equal(lots.cards[0]!.refundableLeft, 1000, 'never more than the card paid');
  const none = withShopRefunds(RECORD, { lines: new Map(), amount: 0 }, { till, terminalId: null });
  assert.deepEqual(none.cards, [], 'no card machine here: cash only');
});

/** The gate over hand-made parts: `answers` are what the server says to each claim, in order. */
function gateWith(o: {
  enabled?: boolean;
  online?: boolean;
  sent?: boolean;
  other?: OtherTillSale | null;
  reachable?: boolean;
  answers?: ClaimOutcome[];
}) {
  const queries: { sql: string; args: unknown[] }[] = [];
  let opened = 0;
  const answers = [...(o.answers ?? [])];
  const client = {
    query: (sql: string, args: unknown[] = []) => {
      queries.push({ sql, args });
      if (sql.includes('claim_sale_refund')) {
        const { outcome, ...detail } = answers.shift() ?? { outcome: 'claimed' };
        return Promise.resolve({ rows: [{ outcome, detail: Object.keys(detail).length ? detail : null }] });
      }
      return Promise.resolve({ rows: [], rowCount: 1 });
    },
  };
  const deps: AcrossTillsDeps = {
    enabled: () => o.enabled ?? true,
    online: () => o.online ?? true,
    open: () => {
      opened++;
      if (o.reachable === false) return Promise.reject(new Error('connect ECONNREFUSED'));
      return Promise.resolve({
        client,
        shopId: 1,
        close: () => Promise.resolve(),
      } as unknown as ShopServerLink);
    },
    ownTill: () => 1,
    isSent: () => o.sent ?? false,
    otherSales: { get: () => o.other ?? null, keep: () => {} } as never,
    ownTerminal: () => 'T1',
    now: () => 0,
    logger: { info() {}, warn() {}, error() {} } as never,
  };
  return { gate: createAcrossTills(deps).gate, queries, opened: () => opened };
}

const CLAIM = {
  refundId: 'refund-1',
  sale: SALE,
  lines: [{ lineIndex: 0, quantity: 1, amount: 400 }],
  total: 400,
  cardAmount: 0,
  originalPaymentId: null,
};
const wordsOf = (error: unknown) => (error instanceof TillError ? error.words?.key : String(error));
const THEIRS: OtherTillSale = { tillNumber: 2, body: { id: 'sale-1' } };

test('without a shop server the gate does nothing: today’s single till', async () => {
  const g = gateWith({ enabled: false, online: false, sent: true, other: null });
  assert.equal(g.gate.check(SALE), false, 'nothing to claim');
  await g.gate.claim(CLAIM);
  g.gate.settle('refund-1', 'done');
  assert.equal(g.opened(), 0, 'never opens a link');
});

test('reachable: every refund is claimed on the shop server, for the till the sale was made on', async () => {
  const own = gateWith({ sent: true });
  assert.equal(own.gate.check(SALE), true, 'claimed first');
  await own.gate.claim({ ...CLAIM, cardAmount: 0 });
  assert.deepEqual(own.queries[0]!.args, [
    'refund-1',
    1,
    'sale-1',
    '[{"lineIndex":0,"quantity":1,"amount":400}]',
    0,
    null,
  ]);
  const theirs = gateWith({ other: THEIRS });
  await theirs.gate.claim({ ...CLAIM, cardAmount: 400, originalPaymentId: 'pay-9' });
  assert.deepEqual(theirs.queries[0]!.args.slice(1, 3), [2, 'sale-1']);
  assert.deepEqual(theirs.queries[0]!.args.slice(4), [400, 'pay-9']);
  // Settled once, by this till, as done; a refund it never claimed is not settled.
  theirs.gate.settle('refund-1', 'done');
  theirs.gate.settle('refund-unknown', 'released');
  await new Promise((resolve) => setImmediate(resolve));
  const settles = theirs.queries.filter((q) => q.sql.includes('UPDATE refund_claims'));
  assert.deepEqual(
    settles.map((q) => q.args),
    [['refund-1', 'done']],
  );
});

test('a claim the shop server refuses is not made, and says why', async () => {
  const g = gateWith({ answers: [{ outcome: 'line', lineIndex: 0, left: 0 }] });
  await assert.rejects(g.gate.claim(CLAIM), (e) => wordsOf(e) === 'refund.fullyRefunded');
  g.gate.settle('refund-1', 'released');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(g.queries.filter((q) => q.sql.includes('UPDATE')).length, 0, 'nothing held to settle');
});

test('away: only this till’s own sale not yet sent up is refunded here, alone', async () => {
  const unsent = gateWith({ online: false, sent: false, reachable: false });
  assert.equal(unsent.gate.check(SALE), false, 'this till’s alone');
  await unsent.gate.claim(CLAIM);
  const sent = gateWith({ online: false, sent: true, reachable: false });
  assert.throws(
    () => sent.gate.check(SALE),
    (e) => wordsOf(e) === 'acrossTills.sentOffline' && (e as TillError).code === 'unreachable',
  );
  const theirs = gateWith({ online: false, other: THEIRS, reachable: false });
  assert.throws(
    () => theirs.gate.check(SALE),
    (e) => wordsOf(e) === 'acrossTills.otherTillOffline',
  );
  // The link went down between the check and the claim.
  const dropped = gateWith({ online: true, sent: true, reachable: false });
  await assert.rejects(dropped.gate.claim(CLAIM), (e) => wordsOf(e) === 'acrossTills.sentOffline');
  const droppedTheirs = gateWith({ online: true, other: THEIRS, reachable: false });
  await assert.rejects(droppedTheirs.gate.claim(CLAIM), (e) => wordsOf(e) === 'acrossTills.otherTillOffline');
  const droppedUnsent = gateWith({ online: true, sent: false, reachable: false });
  await droppedUnsent.gate.claim(CLAIM);
});
