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

/** A label and an amount as one row of `columns` characters. */
const row = (label: string, amount: string, columns: number) =>
  label + ' '.repeat(columns - label.length - amount.length) + amount;

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

test('a label fits beside its amount only with at least one space between them', () => {
  assert.deepEqual(amountRow('Scone', '£1.50', 11), ['Scone £1.50']);
  assert.deepEqual(amountRow('Scones', '£1.50', 11), ['Scones', '      £1.50']);
});

test('card sale: header, items, totals, tender, VAT summary, footer, cut', () => {
  for (const paperWidth of [58, 80] as const) {
    const columns = paperWidth === 58 ? 32 : 48;
    const lines = printed(sale({ paperWidth }));
    assert.equal(lines[0], 'Corner Café');
    assert.ok(lines.includes('VAT No. GB123456789'));
    assert.ok(lines.includes('04/03/2026 16:12'));
    assert.ok(lines.includes('Receipt R-000042'));
    const at = (label: string, amount: string) => row(label, amount, columns);
    assert.ok(lines.includes(at('2 x Flat white', '£6.50')));
    assert.ok(lines.includes(at('Almond croissant', '£2.95')));
    assert.ok(lines.includes(at('Subtotal', '£9.45')));
    assert.ok(lines.includes(at('TOTAL', '£9.45')));
    assert.ok(lines.includes(at('Visa ****4242', '£9.45')));
    assert.ok(lines.includes('  Auth code 078341'));
    assert.ok(lines.includes(at('VAT 20%', '£1.58')));
    assert.ok(lines.includes(at('Net', '£7.87')));
    assert.ok(lines.includes(at('Gross', '£9.45')));
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

test('a whole receipt, line by line: discounts, a changed price, three tenders and VAT per rate', () => {
  const lines = buildSaleReceipt(
    sale({
      shop: { name: 'Corner Café', addressLines: ['1 Market Row'], phone: '0113 496 0000', vatNumber: 'GB1' },
      receiptNumber: 'R-000043',
      cashier: 'Sam',
      items: [
        // 2 × £3.25 less 50p, and its share of the basket discount in the VAT summary
        {
          name: 'Flat white',
          quantity: 2,
          unitPrice: 325,
          lineTotal: 600,
          discount: { label: 'Staff 50p off', amount: 50 },
          vatRate: 2000,
          vatGross: 570,
        },
        {
          name: 'Oat milk',
          quantity: 1,
          unitPrice: 40,
          note: 'Price changed from 0.50',
          vatRate: 0,
          vatGross: 38,
        },
      ],
      adjustments: [{ label: 'Basket 5% off', amount: -32 }],
      tenders: [
        { kind: 'other', amount: 200, label: 'Gift card' },
        { kind: 'card', amount: 300, lastDigits: '4242' },
        { kind: 'cash', amount: 108, given: 200 },
      ],
      footerLines: [],
      paperWidth: 58,
    }),
  );
  const at = (label: string, amount: string) => row(label, amount, 32);
  assert.deepEqual(
    lines.map((l) => [l.type, l.format.join('+'), l.value]),
    [
      ['TEXT', 'BOLD+DOUBLE_HEIGHT', 'Corner Café'],
      ['TEXT', '', '1 Market Row'],
      ['TEXT', '', 'Tel 0113 496 0000'],
      ['TEXT', '', 'VAT No. GB1'],
      ['DOUBLE_LINE_SEPARATOR', '', ''],
      ['TEXT', '', '04/03/2026 16:12'],
      ['TEXT', '', 'Receipt R-000043'],
      ['TEXT', '', 'Served by Sam'],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', at('2 x Flat white', '£6.50')],
      ['TEXT', '', '  @ £3.25'],
      ['TEXT', '', at('  Staff 50p off', '−£0.50')],
      ['TEXT', '', at('Oat milk', '£0.40')],
      ['TEXT', '', '  Price changed from 0.50'],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', at('Subtotal', '£6.40')],
      ['TEXT', '', at('Basket 5% off', '−£0.32')],
      ['TEXT', 'BOLD+DOUBLE_HEIGHT', at('TOTAL', '£6.08')],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', at('Gift card', '£2.00')],
      ['TEXT', '', at('Card ****4242', '£3.00')],
      ['TEXT', '', at('Cash', '£2.00')],
      ['TEXT', 'BOLD', at('Change due', '£0.92')],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', 'VAT summary'],
      ['TEXT', '', at('VAT 20%', '£0.95')],
      ['TEXT', '', at('  Net', '£4.75')],
      ['TEXT', '', at('  Gross', '£5.70')],
      ['TEXT', '', at('VAT 0%', '£0.00')],
      ['TEXT', '', at('  Net', '£0.38')],
      ['TEXT', '', at('  Gross', '£0.38')],
      ['TEXT', '', at('Total VAT', '£0.95')],
      ['TICKET_FEED', '', ''],
    ],
  );
});

test('what a sale does not have stays off the receipt: phone, cashier, footer, a total over one rate', () => {
  const lines = printed(
    sale({
      items: [{ name: 'Flat white', quantity: 1, unitPrice: 325, vatRate: 2000 }],
      tenders: [{ kind: 'card', amount: 325 }],
      footerLines: [],
    }),
  );
  const squeezed = lines.map((l) => l.replace(/\s+/g, ' ').trim());
  assert.deepEqual(squeezed.slice(squeezed.indexOf('VAT summary')), [
    'VAT summary',
    'VAT 20% £0.54',
    'Net £2.71',
    'Gross £3.25',
  ]);
  assert.ok(!lines.some((l) => /^(Tel|Served by)/.test(l)), lines.join('\n'));
});

test('one rate for the whole sale, line by line: no VAT number, a card label too long for its row, a footer', () => {
  const lines = buildSaleReceipt(
    sale({
      shop: { name: 'Corner Café', addressLines: [] },
      items: [{ name: 'Flat white', quantity: 1, unitPrice: 325 }],
      tenders: [{ kind: 'card', amount: 325, cardLabel: 'American Express Corporate Card' }],
      paperWidth: 58,
    }),
  );
  const at = (label: string, amount: string) => row(label, amount, 32);
  assert.deepEqual(
    lines.map((l) => [l.type, l.format.join('+'), l.value]),
    [
      ['TEXT', 'BOLD+DOUBLE_HEIGHT', 'Corner Café'],
      ['DOUBLE_LINE_SEPARATOR', '', ''],
      ['TEXT', '', '04/03/2026 16:12'],
      ['TEXT', '', 'Receipt R-000042'],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', at('Flat white', '£3.25')],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', at('Subtotal', '£3.25')],
      ['TEXT', 'BOLD+DOUBLE_HEIGHT', at('TOTAL', '£3.25')],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', 'American Express Corporate Card'],
      ['TEXT', '', '£3.25'.padStart(32)],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', 'VAT summary'],
      ['TEXT', '', at('VAT 20%', '£0.54')],
      ['TEXT', '', at('Net', '£2.71')],
      ['TEXT', '', at('Gross', '£3.25')],
      ['LINE_SEPARATOR', '', ''],
      ['TEXT', '', 'Thank you!'],
      ['TICKET_FEED', '', ''],
    ],
  );
});
