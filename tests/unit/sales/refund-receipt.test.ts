// The refund receipt, line by line: the shop, the title and time, which sale's receipt, what went
// back (with quantities), the total, what went to the card and what was given back in cash, the
// reason, and who gave it (and who approved it), in the shop's language and paper width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RefundView } from '../../../shared/contract';
import type { ReceiptSettings } from '../../../electron/services/sales/checkout';
import { refundReceiptLines } from '../../../electron/services/sales/refund-receipt';

/** 16:12 in London on 4 March 2026 (GMT, so the same in UTC). */
const PRINTED_AT = new Date('2026-03-04T16:12:00.000Z');

const SHOP: ReceiptSettings = {
  shop: { name: 'Corner Books', addressLines: ['1 High Street', 'Leeds LS1 1AA'] },
  paperWidth: 80,
  locale: 'en-GB',
  timeZone: 'Europe/London',
};

function refundOf(change: Partial<RefundView>): RefundView {
  return {
    refundId: 'refund-1',
    saleId: 'sale-1',
    receiptNumber: 'R-0042',
    state: 'completed',
    currency: 'GBP',
    total: 1550,
    cardAmount: 1000,
    cashAmount: 550,
    cardPaymentId: 'pay-2',
    originalPaymentId: 'pay-1',
    reason: 'Damaged',
    lines: [
      { lineIndex: 0, name: 'Blue mug', quantity: 1, amount: 850 },
      { lineIndex: 2, name: 'Tea towel', quantity: 2, amount: 700 },
    ],
    by: { id: 'st-1', name: 'Sam', approvedBy: { id: 'st-2', name: 'Alex' } },
    message: 'Refunded.',
    createdAt: '2026-03-04T16:11:00.000Z',
    completedAt: '2026-03-04T16:12:00.000Z',
    ...change,
  };
}

const plain = (value: string) => ({ type: 'TEXT', format: [], value });
const bold = (value: string) => ({ type: 'TEXT', format: ['BOLD'], value });
const big = (value: string) => ({ type: 'TEXT', format: ['BOLD', 'DOUBLE_HEIGHT'], value });
const rule = (type: string) => ({ type, format: [], value: '' });
/** An amount row: the label on the left, the amount flush right (48 columns on 80 mm, 32 on 58 mm). */
const row = (label: string, amount: string, columns = 48) => label.padEnd(columns - amount.length) + amount;

test('a refund to card and cash prints each line, the total, both parts, the reason and who gave it', () => {
  const lines = refundReceiptLines(refundOf({}), SHOP, '4242', PRINTED_AT);
  assert.deepEqual(lines, [
    big('Corner Books'),
    plain('1 High Street'),
    plain('Leeds LS1 1AA'),
    rule('DOUBLE_LINE_SEPARATOR'),
    big('REFUND'),
    plain('04/03/2026 16:12'),
    plain('For receipt R-0042'),
    rule('LINE_SEPARATOR'),
    plain(row('Blue mug', '£8.50')),
    plain(row('2 x Tea towel', '£7.00')),
    rule('LINE_SEPARATOR'),
    bold(row('REFUND TOTAL', '£15.50')),
    plain(row('To card ****4242', '£10.00')),
    plain(row('Cash given back', '£5.50')),
    rule('LINE_SEPARATOR'),
    plain('Reason: Damaged'),
    plain('Refunded by Sam, approved by Alex'),
    rule('TICKET_FEED'),
  ]);
  for (const row of lines.filter((l) => l.value.includes('£'))) assert.equal(row.value.length, 48, row.value);
});

test('a cash-only refund prints no card part, and no approver when none was needed', () => {
  const lines = refundReceiptLines(
    refundOf({
      total: 850,
      cardAmount: 0,
      cashAmount: 850,
      cardPaymentId: null,
      lines: [{ lineIndex: 0, name: 'Blue mug', quantity: 1, amount: 850 }],
      by: { id: 'st-1', name: 'Sam' },
    }),
    SHOP,
    null,
    PRINTED_AT,
  );
  assert.deepEqual(
    lines.slice(8).map((l) => l.value),
    [
      row('Blue mug', '£8.50'),
      '',
      row('REFUND TOTAL', '£8.50'),
      row('Cash given back', '£8.50'),
      '',
      'Reason: Damaged',
      'Refunded by Sam',
      '',
    ],
  );
});

test('a card-only refund prints no cash line, and no refunder from before staff were set up', () => {
  const lines = refundReceiptLines(
    refundOf({ total: 700, cardAmount: 700, cashAmount: 0, by: null, lines: [] }),
    SHOP,
    null,
    PRINTED_AT,
  );
  assert.deepEqual(
    lines.slice(8).map((l) => l.value),
    ['', row('REFUND TOTAL', '£7.00'), row('To card', '£7.00'), '', 'Reason: Damaged', ''],
  );
  assert.equal(lines.at(-1)?.type, 'TICKET_FEED');
});

test('on 58 mm paper in German, a long item name goes above its amount', () => {
  const lines = refundReceiptLines(
    refundOf({
      currency: 'EUR',
      total: 2400,
      cardAmount: 2400,
      cashAmount: 0,
      lines: [{ lineIndex: 0, name: 'Kaffeebecher mit Deckel, groß', quantity: 3, amount: 2400 }],
    }),
    { ...SHOP, paperWidth: 58, locale: 'de-DE' },
    '0005',
    PRINTED_AT,
  );
  assert.deepEqual(
    lines.slice(4).map((l) => l.value),
    [
      'ERSTATTUNG',
      '04.03.2026 16:12',
      'Zu Beleg R-0042',
      '',
      '3 x Kaffeebecher mit Deckel, groß',
      '24,00 €'.padStart(32),
      '',
      row('ERSTATTUNG GESAMT', '24,00 €', 32),
      row('Auf Karte ****0005', '24,00 €', 32),
      '',
      'Grund: Damaged',
      'Erstattet von Sam, genehmigt von Alex',
      '',
    ],
  );
});
