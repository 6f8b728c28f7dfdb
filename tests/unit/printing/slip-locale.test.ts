// Every slip the shop prints besides the till report (refund receipt, receipt copy, supplies
// order) follows the shop's locale and time zone: German words and `1.234,50 €` in a German shop,
// `£1,234.50` in a British one, the wall-clock time where the shop is (never UTC), and nothing the
// printer's code page would print as '?'. The till report: tests/unit/till-reports/report-slip-locale.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RefundView } from '../../../shared/contract';
import type { SupplyOrder } from '../../../shared/contract/supplies';
import { refundReceiptLines } from '../../../electron/services/sales/refund-receipt';
import { buildOrderConfirmation } from '../../../electron/services/supplies/confirmation-receipt';
import { startStaffedTill } from '../../support/staffed-till';
import { assertNoReplacement, BERLIN, EARLIER, LONDON, PRINTED_AT, row, shown } from './slip-support';
import { computerZoneForTest } from '../../support/computer-zone';

// ---------------------------------------------------------------------------------------------
// Refund receipt
// ---------------------------------------------------------------------------------------------

const refund = (currency: string, names: [string, string], reason: string): RefundView => ({
  refundId: 'r1',
  saleId: 's1',
  receiptNumber: 'R-000042',
  state: 'completed',
  currency,
  total: 123450,
  cardAmount: 100000,
  cashAmount: 23450,
  cardPaymentId: 'p2',
  originalPaymentId: 'p1',
  reason,
  lines: [
    { lineIndex: 0, name: names[0], quantity: 2, amount: 120000 },
    { lineIndex: 1, name: names[1], quantity: 1, amount: 3450 },
  ],
  by: { id: 'a', name: 'Ana', approvedBy: { id: 'b', name: 'Ben' } },
  message: '',
  createdAt: PRINTED_AT.toISOString(),
  completedAt: PRINTED_AT.toISOString(),
});

test('the refund receipt in en-GB: English words, £1,234.50, London time', () => {
  const lines = refundReceiptLines(
    refund('GBP', ['Mug', 'Tea'], 'Chipped'),
    {
      shop: { name: 'Corner Shop', addressLines: ['1 High Street'] },
      paperWidth: 80,
      locale: 'en-GB',
      timeZone: LONDON,
    },
    '4242',
    PRINTED_AT,
  );
  assert.deepEqual(shown(lines), [
    'Corner Shop',
    '1 High Street',
    '=',
    'REFUND',
    '04/07/2026 17:12',
    'For receipt R-000042',
    '-',
    row('2 x Mug', '£1,200.00'),
    row('Tea', '£34.50'),
    '-',
    row('REFUND TOTAL', '£1,234.50'),
    row('To card ****4242', '£1,000.00'),
    row('Cash given back', '£234.50'),
    '-',
    'Reason: Chipped',
    'Refunded by Ana, approved by Ben',
    '>>',
  ]);
});

const germanRefund = () =>
  refundReceiptLines(
    refund('EUR', ['Becher', 'Tee'], 'Angeschlagen'),
    {
      shop: { name: 'Eckladen', addressLines: ['Marktstraße 1'] },
      paperWidth: 80,
      locale: 'de-DE',
      timeZone: BERLIN,
    },
    '4242',
    PRINTED_AT,
  );

test('the refund receipt in de-DE: German words, 1.234,50 €, Berlin time', () => {
  assert.deepEqual(shown(germanRefund()), [
    'Eckladen',
    'Marktstraße 1',
    '=',
    'ERSTATTUNG',
    '04.07.2026 18:12',
    'Zu Beleg R-000042',
    '-',
    row('2 x Becher', '1.200,00 €'),
    row('Tee', '34,50 €'),
    '-',
    row('ERSTATTUNG GESAMT', '1.234,50 €'),
    row('Auf Karte ****4242', '1.000,00 €'),
    row('Bar zurückgegeben', '234,50 €'),
    '-',
    'Grund: Angeschlagen',
    'Erstattet von Ana, genehmigt von Ben',
    '>>',
  ]);
});

test('a receipt printed again from the history is headed in German, in the machine’s local time', async (t) => {
  // The shop's zone is the machine's when none is set: far from UTC here, so UTC would show.
  computerZoneForTest('Pacific/Kiritimati', t);
  const { t: till, products } = await startStaffedTill();
  t.after(() => till.close());
  await till.call('settings.update', { patch: { shop: { locale: 'de-DE' } } });
  const product = products.find((p) => p.price > 0)!;
  const sale = await till.call('sales.open', { lines: [{ productId: product.id, quantity: 1 }] });
  await till.call('sales.payCash', { saleId: sale.saleId, amountGiven: sale.total });
  const isCopy = (receiptId: string) => receiptId.startsWith(`${sale.saleId}:copy`);
  const queued = till.waitForEvent('printing.changed', (e) => !!e.job && isCopy(e.job.receiptId));
  await till.call('history.reprint', { saleId: sale.saleId });
  await queued;
  const now = new Date(till.time!.clock.now());
  const copy = (await till.call('printing.preview', { limit: 10 }))
    .find((r) => isCopy(r.receiptId))!
    .lines.map((l) => l.value);
  assert.equal(copy[0], 'KOPIE');
  const heading = /^Nachdruck (\d\d)\.(\d\d)\.(\d{4}) (\d\d):(\d\d) von .+: kein neuer Verkauf$/.exec(
    copy[1]!,
  );
  assert.ok(heading, copy[1]);
  const printedAt = new Date(+heading[3]!, +heading[2]! - 1, +heading[1]!, +heading[4]!, +heading[5]!);
  const minutesOff = Math.abs(now.getTime() - printedAt.getTime()) / 60_000;
  assert.ok(minutesOff < 2, `printed ${copy[1]} at local ${now.toString()}`);
});

// ---------------------------------------------------------------------------------------------
// Supplies order
// ---------------------------------------------------------------------------------------------

const order = (name: string, status = 'shipped', stage: number | null = 3): SupplyOrder => ({
  id: 12,
  referenceNumber: 'SO-1001',
  status,
  statusWords: 'On its way',
  stage,
  lines: [
    { productId: 1, name, quantity: 10, price: 12345 },
    { productId: 2, name: null, quantity: 1, price: null },
  ],
  address: {
    firstName: 'Ana',
    lastName: 'Silva',
    companyName: '',
    phoneNumber: '+49 30 1234567',
    lineOne: 'Marktstraße 1',
    lineTwo: '',
    city: 'Berlin',
    postalCode: '10115',
    country: 'DE',
    notes: 'Hintereingang',
  },
  shipments: [{ carrier: 'DHL', trackingId: 'JD0001' }],
  totalPrice: 123450,
  placedAt: EARLIER,
});

test('the supplies order in en-GB: English words, £1,234.50, London time', () => {
  const lines = buildOrderConfirmation({
    order: order('Till roll'),
    shopName: 'Corner Shop',
    currency: 'GBP',
    paperWidth: 80,
    printedAt: PRINTED_AT,
    locale: 'en-GB',
    timeZone: LONDON,
  });
  assert.deepEqual(shown(lines), [
    'Corner Shop',
    'SUPPLIES ORDER',
    '=',
    'Order SO-1001',
    'Placed 03/07/2026 21:05',
    'Status: On its way',
    '-',
    row('10 x Till roll', '£1,234.50'),
    '1 x Product no longer listed',
    '-',
    row('TOTAL', '£1,234.50'),
    '-',
    'Deliver to',
    'Ana Silva',
    'Marktstraße 1',
    'Berlin',
    '10115',
    'Germany',
    'Tel +49 30 1234567',
    'Notes: Hintereingang',
    'DHL tracking JD0001',
    '-',
    'Printed 04/07/2026 17:12',
    '>>',
  ]);
});

const germanOrder = (status?: string, stage?: number | null) =>
  buildOrderConfirmation({
    order: order('Kassenrolle', status, stage),
    shopName: 'Eckladen',
    currency: 'EUR',
    paperWidth: 80,
    printedAt: PRINTED_AT,
    locale: 'de-DE',
    timeZone: BERLIN,
  });

test('the supplies order in de-DE: German words, 1.234,50 €, Berlin time', () => {
  assert.deepEqual(shown(germanOrder()), [
    'Eckladen',
    'BESTELLUNG VERBRAUCHSMATERIAL',
    '=',
    'Bestellung SO-1001',
    'Aufgegeben 03.07.2026 22:05',
    'Status: Unterwegs',
    '-',
    row('10 x Kassenrolle', '1.234,50 €'),
    '1 x Artikel nicht mehr lieferbar',
    '-',
    row('SUMME', '1.234,50 €'),
    '-',
    'Lieferadresse',
    'Ana Silva',
    'Marktstraße 1',
    'Berlin',
    '10115',
    'Deutschland',
    'Tel. +49 30 1234567',
    'Hinweise: Hintereingang',
    'DHL Sendung JD0001',
    '-',
    'Gedruckt 04.07.2026 18:12',
    '>>',
  ]);
  // A status the spec does not list is quoted in plain quotes, which every code page has.
  assert.ok(shown(germanOrder('on hold!', null)).includes('Status: Der Lieferant meldet "on hold"'));
});

// ---------------------------------------------------------------------------------------------
// Through the ESC/POS encoder
// ---------------------------------------------------------------------------------------------

test('the German slips print on CP858 and CP1252 with no character replaced by ?', () => {
  assertNoReplacement('refund receipt', germanRefund());
  assertNoReplacement('supplies order', germanOrder('on hold!', null));
});
