import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  amountRow,
  buildSaleReceipt,
  vatIncluded,
  type SaleReceiptInput,
} from '../../../electron/services/printing/sale-receipt';
import { encodeReceipt } from '../../../electron/services/printing/escpos-encoder';
import { decodeEscPos } from './escpos-decoder';

const sale = (overrides: Partial<SaleReceiptInput> = {}): SaleReceiptInput => ({
  shop: { name: 'Corner Café', addressLines: ['1 Market Row', 'Leeds LS1 6AA'], vatNumber: 'GB123456789' },
  receiptNumber: 'R-000042',
  issuedAt: new Date('2026-03-04T16:12:00Z'),
  timeZone: 'Europe/London',
  currency: 'GBP',
  items: [
    { name: 'Flat white', quantity: 2, unitPrice: 325 },
    { name: 'Almond croissant', quantity: 1, unitPrice: 295 },
  ],
  tenders: [{ kind: 'card', amount: 945, cardLabel: 'Visa', lastDigits: '4242', authCode: '078341' }],
  vatRateBasisPoints: 2000,
  footerLines: ['Thank you!'],
  paperWidth: 80,
  ...overrides,
});

function printed(input: SaleReceiptInput): string[] {
  return decodeEscPos(
    encodeReceipt(buildSaleReceipt(input), { paperWidth: input.paperWidth, codePage: 'cp858' }),
  ).lines.map((l) => l.text);
}

test('VAT included in a gross amount uses integer maths with half-up rounding', () => {
  assert.equal(vatIncluded(1200, 2000), 200); // £12.00 at 20 % holds £2.00
  assert.equal(vatIncluded(945, 2000), 158); // 157.5 rounds up
  assert.equal(vatIncluded(100, 500), 5); // 4.76 → 5
  assert.equal(vatIncluded(-945, 2000), -158);
  assert.equal(vatIncluded(0, 2000), 0);
  assert.equal(vatIncluded(99_999_999, 2000), 16_666_667);
  assert.throws(() => vatIncluded(1.5, 2000));
});

test('amounts are right-aligned to the paper width', () => {
  assert.deepEqual(amountRow('Tea', '£1.50', 16), ['Tea        £1.50']);
  assert.deepEqual(amountRow('A very long item name', '£1.50', 16), [
    'A very long item name',
    '           £1.50',
  ]);
});

test('card sale: header, items, totals, tender, VAT summary, footer, cut', () => {
  for (const paperWidth of [58, 80] as const) {
    const columns = paperWidth === 58 ? 32 : 48;
    const lines = printed(sale({ paperWidth }));
    assert.equal(lines[0], 'Corner Café');
    assert.ok(lines.includes('VAT No. GB123456789'));
    assert.ok(lines.includes('04/03/2026 16:12'));
    assert.ok(lines.includes('Receipt R-000042'));
    const row = (label: string, amount: string) =>
      label + ' '.repeat(columns - label.length - amount.length) + amount;
    assert.ok(lines.includes(row('2 x Flat white', '£6.50')));
    assert.ok(lines.includes(row('Almond croissant', '£2.95')));
    assert.ok(lines.includes(row('Subtotal', '£9.45')));
    assert.ok(lines.includes(row('TOTAL', '£9.45')));
    assert.ok(lines.includes(row('Visa ****4242', '£9.45')));
    assert.ok(lines.includes('  Auth code 078341'));
    assert.ok(lines.includes(row('VAT 20%', '£1.58')));
    assert.ok(lines.includes(row('Net', '£7.87')));
    assert.ok(lines.includes('Thank you!'));
    for (const l of lines) assert.ok(l.length <= columns);
  }
  const bytes = encodeReceipt(buildSaleReceipt(sale()), { paperWidth: 80, codePage: 'cp858' });
  assert.equal(decodeEscPos(bytes).events.at(-1)?.type, 'cut');
});

test('cash with change, split tender, adjustments and no VAT', () => {
  const lines = printed(
    sale({
      vatRateBasisPoints: undefined,
      adjustments: [{ label: 'Loyalty discount', amount: -45 }],
      tenders: [
        { kind: 'card', amount: 500 },
        { kind: 'cash', amount: 400, given: 1000 },
      ],
    }),
  );
  const find = (label: string) => lines.find((l) => l.startsWith(label))?.replace(/\s+/g, ' ');
  assert.equal(find('Loyalty discount'), 'Loyalty discount -£0.45');
  assert.equal(find('TOTAL'), 'TOTAL £9.00');
  assert.equal(find('Card'), 'Card £5.00');
  assert.equal(find('Cash'), 'Cash £10.00');
  assert.equal(find('Change due'), 'Change due £6.00');
  assert.ok(!lines.some((l) => l.startsWith('VAT summary') || l.startsWith('VAT 20%')));
});
