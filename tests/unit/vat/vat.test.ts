// VAT in integer minor units: per line, per rate on the receipt (the stated rule), values where
// the two differ, the printed summary, and a real sale whose receipt shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSaleReceipt } from '../../../electron/services/printing/sale-receipt';
import { formatRate, lineVat, parseRate, vatIncluded, vatSummary, VAT_PRESETS } from '../../../shared/vat';
import { startEmptyTill } from '../catalogue/support';

test('VAT in a VAT-inclusive gross: integer maths, half away from zero', () => {
  assert.equal(vatIncluded(1200, 2000), 200);
  assert.equal(vatIncluded(105, 500), 5); // 5.0
  assert.equal(vatIncluded(63, 500), 3); // 3.0
  assert.equal(vatIncluded(21, 500), 1); // 1.0
  assert.equal(vatIncluded(10, 500), 0); // 0.476 → 0
  assert.equal(vatIncluded(11, 500), 1); // 0.5238 → 1
  assert.equal(vatIncluded(3, 2000), 1); // exactly 0.5 → 1 (half up)
  assert.equal(vatIncluded(-3, 2000), -1); // refunds mirror sales
  assert.equal(vatIncluded(119, 1900), 19);
  assert.equal(vatIncluded(1055, 550), 55);
  assert.equal(vatIncluded(99_999_999, 2300), 18_699_187); // 18,699,186.8 → no float drift
  assert.equal(vatIncluded(500, 0), 0);
  assert.throws(() => vatIncluded(1.5, 2000), RangeError);
  assert.throws(() => vatIncluded(100, 10_001), RangeError);
});

test('per rate on the receipt’s gross, not a sum of rounded lines: where the two differ', () => {
  // Three 10p items at 20 %: each line holds 1.67p (2p rounded), the receipt's 30p holds exactly 5p.
  const lines = [10, 10, 10].map((gross) => ({ gross, vatRate: 2000 }));
  assert.equal(
    lines.reduce((sum, l) => sum + lineVat(l), 0),
    6,
  );
  assert.deepEqual(vatSummary(lines), [{ basisPoints: 2000, gross: 30, vat: 5, net: 25 }]);

  // Mixed rates: each rate summed on its own, highest first; net + VAT = gross to the penny.
  const mixed = [
    { gross: 345, vatRate: 2000 },
    { gross: 3, vatRate: 500 },
    { gross: 3, vatRate: 500 },
    { gross: 240, vatRate: 0 },
    { gross: 199, vatRate: 2000 },
    { gross: 500, vatRate: null }, // sold before rates were kept: no VAT shown
  ];
  const summary = vatSummary(mixed);
  assert.deepEqual(summary, [
    { basisPoints: 2000, gross: 544, vat: 91, net: 453 }, // 90.67 → 91
    { basisPoints: 500, gross: 6, vat: 0, net: 6 }, // 0.286 → 0 (per line each 0.14 → 0 too)
    { basisPoints: 0, gross: 240, vat: 0, net: 240 },
  ]);
  for (const row of summary) {
    assert.equal(row.net + row.vat, row.gross);
    assert.ok(Number.isInteger(row.vat) && Number.isInteger(row.net));
  }
  // Two 7p lines at 5 %: per line 0.33p → 0 each, per receipt 14p → 0.67p → 1p.
  assert.equal(lineVat({ gross: 7, vatRate: 500 }) * 2, 0);
  assert.equal(vatSummary([7, 7].map((gross) => ({ gross, vatRate: 500 })))[0]!.vat, 1);
});

test('rates are basis points: presets, typed rates and how they print', () => {
  assert.deepEqual(
    VAT_PRESETS['GB']!.rates.map((r) => r.basisPoints),
    [2000, 500, 0],
  );
  assert.deepEqual(
    VAT_PRESETS['FR']!.rates.map((r) => r.basisPoints),
    [2000, 1000, 550, 210],
  );
  assert.deepEqual(
    VAT_PRESETS['IE']!.rates.map((r) => r.basisPoints),
    [2300, 1350, 900, 0],
  );
  assert.deepEqual(['20', '5.5', '13,5 %', '2.1', '0', '100', '100.01', 'x', '-5', '5.555'].map(parseRate), [
    2000,
    550,
    1350,
    210,
    0,
    10_000,
    null,
    null,
    null,
    null,
  ]);
  assert.deepEqual([2000, 550, 1350, 210, 0].map(formatRate), ['20%', '5.5%', '13.5%', '2.1%', '0%']);
});

test('the receipt shows net, VAT and gross per rate, and the total VAT', () => {
  const lines = buildSaleReceipt({
    shop: { name: 'Corner Café', addressLines: [] },
    receiptNumber: 'S000001',
    issuedAt: new Date('2026-03-04T16:12:00Z'),
    timeZone: 'Europe/London',
    currency: 'GBP',
    items: [
      { name: 'Flat white', quantity: 3, unitPrice: 10, vatRate: 2000 },
      { name: 'Milk', quantity: 1, unitPrice: 125, vatRate: 0 },
      { name: 'Car seat', quantity: 2, unitPrice: 7, vatRate: 500 },
    ],
    tenders: [{ kind: 'cash', amount: 169, given: 200 }],
    vatRateBasisPoints: 2000, // only for lines without a rate of their own: none here
    paperWidth: 58,
  }).map((l) => l.value);
  const at = lines.indexOf('VAT summary');
  const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
  assert.deepEqual(lines.slice(at, at + 11).map(squeeze), [
    'VAT summary',
    'VAT 20% £0.05',
    'Net £0.25',
    'Gross £0.30',
    'VAT 5% £0.01',
    'Net £0.13',
    'Gross £0.14',
    'VAT 0% £0.00',
    'Net £1.25',
    'Gross £1.25',
    'Total VAT £0.06',
  ]);
});

test('a sale keeps each line’s rate and its printed receipt carries the VAT summary', async () => {
  const till = await startEmptyTill();
  try {
    const coffee = await till.call('catalogue.saveProduct', {
      name: 'Coffee',
      category: 'Hot',
      price: 10,
      vatRate: 2000,
    });
    const seat = await till.call('catalogue.saveProduct', {
      name: 'Car seat',
      category: 'Baby',
      price: 7,
      vatRate: 500,
    });
    const sale = await till.call('sales.open', {
      lines: [
        { productId: coffee.id, quantity: 3 },
        { productId: seat.id, quantity: 2 },
      ],
    });
    assert.deepEqual(
      sale.lines.map((l) => [l.name, l.lineTotal, l.vatRate]),
      [
        ['Coffee', 30, 2000],
        ['Car seat', 14, 500],
      ],
    );
    const printed = till.waitForEvent('printing.changed', (p) => p.job?.receiptId === `${sale.saleId}:sale`);
    await till.call('sales.payCash', { saleId: sale.saleId, amountGiven: 100 });
    await printed;
    const receipt = (await till.call('printing.preview', { limit: 10 })).find(
      (r) => r.receiptId === `${sale.saleId}:sale`,
    )!;
    const text = receipt.lines.map((l) => l.value.replace(/\s+/g, ' ').trim());
    assert.ok(text.includes('VAT 20% £0.05'), text.join('\n'));
    assert.ok(text.includes('VAT 5% £0.01'));
    assert.ok(text.includes('Total VAT £0.06'));
  } finally {
    await till.close();
  }
});
