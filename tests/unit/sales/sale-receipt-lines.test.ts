// The sale receipt's tender rows as the card machine's record gives them: the card's label, its
// last four digits when the record has the card number, and nothing made up when it has not; and
// what else the sale itself prints: cash handed over and change, a keyed-in card's reference, the
// approval code, a price changed at the counter and who served.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { saleViewSchema, type SaleView } from '../../../shared/contract';
import type { CardTransaction } from '../../../electron/services/payments/pay-at-counter-client';
import type { ReceiptSettings } from '../../../electron/services/sales/checkout';
import { saleReceiptLines } from '../../../electron/services/sales/sale-receipt-lines';

const SETTINGS: ReceiptSettings = {
  shop: { name: 'Corner Books', addressLines: [] },
  paperWidth: 80,
  locale: 'en-GB',
  timeZone: 'Europe/London',
};

/** An amount row: the label on the left, the amount flush right on 48 columns (80 mm paper). */
const row = (label: string, amount: string) => label.padEnd(48 - amount.length) + amount;

/** A £12.00 mug sale paid by card in two parts, one payment per card. */
function sale(): SaleView {
  const card = (paymentId: string, amount: number) => ({
    kind: 'card',
    amount,
    given: null,
    paymentId,
    reference: null,
    needsReconciliation: false,
  });
  return saleViewSchema.parse({
    saleId: 'sale-1',
    receiptNumber: 'R-0007',
    state: 'completed',
    currency: 'GBP',
    lines: [
      {
        productId: 'p1',
        sku: 'MUG',
        name: 'Blue mug',
        quantity: 1,
        unitPrice: 1200,
        lineTotal: 1200,
        vatRate: null,
      },
    ],
    total: 1200,
    paid: 1200,
    due: 0,
    change: 0,
    refunded: 0,
    tenders: [card('pay-with-number', 700), card('pay-without-number', 500)],
    createdAt: '2026-03-04T16:10:00.000Z',
    completedAt: '2026-03-04T16:12:00.000Z',
  });
}

function record(primaryAccountNumber: string | null): CardTransaction {
  return { applicationLabel: 'VISA', authCode: null, primaryAccountNumber } as CardTransaction;
}

test('a card whose record has no card number prints its label alone, with no made-up digits', () => {
  const records: Record<string, CardTransaction> = {
    'pay-with-number': record('************4242'),
    'pay-without-number': record(null),
  };
  const values = saleReceiptLines(sale(), SETTINGS, (id) => records[id] ?? null).map((l) => l.value);
  assert.ok(values.includes(row('VISA ****4242', '£7.00')), values.join('\n'));
  assert.ok(values.includes(row('VISA', '£5.00')), values.join('\n'));
  assert.equal(values.filter((v) => v.includes('****')).length, 1, values.join('\n'));
});

test('a sale paid three ways prints the cash handed over and its change, the keyed-in card reference, the approval code, the price change and who served', () => {
  const tender = (kind: string, amount: number, extra: object) => ({
    kind,
    amount,
    given: null,
    paymentId: null,
    reference: null,
    needsReconciliation: false,
    ...extra,
  });
  const mixed = saleViewSchema.parse({
    ...sale(),
    lines: [
      {
        ...sale().lines[0],
        // Sold at £12.00 instead of the catalogue's £15.00.
        priceOverride: { listPrice: 1500, reason: 'Chipped', by: { id: 'm1', name: 'Sam' } },
      },
    ],
    tenders: [
      tender('card', 500, { paymentId: 'pay-1' }),
      tender('manual_card', 300, { reference: '4411', needsReconciliation: true }),
      // £4.00 of cash due, a £10.00 note handed over.
      tender('cash', 400, { given: 1000 }),
    ],
    servedBy: { id: 's1', name: 'Alex' },
  });
  const card = {
    applicationLabel: 'VISA',
    authCode: 'A1B2C3',
    primaryAccountNumber: null,
  } as CardTransaction;
  const values = saleReceiptLines(mixed, SETTINGS, (id) => (id === 'pay-1' ? card : null))
    .map((l) => l.value)
    .filter((value) => value !== ''); // the blank spacing lines aside
  assert.deepEqual(values.slice(values.indexOf('Served by Alex')), [
    'Served by Alex',
    row('Blue mug', '£12.00'),
    '  Price changed from £15.00',
    row('Subtotal', '£12.00'),
    row('TOTAL', '£12.00'),
    row('VISA', '£5.00'),
    '  Auth code A1B2C3',
    row('Card (ref 4411)', '£3.00'),
    row('Cash', '£10.00'),
    row('Change due', '£6.00'),
  ]);
});
