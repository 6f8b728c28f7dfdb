// The sale receipt's tender rows as the card machine's record gives them: the card's label, its
// last four digits when the record has the card number, and nothing made up when it has not.
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
