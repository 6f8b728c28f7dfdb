// The till X/Z report on paper follows the shop's locale and time zone: German words and
// `1.234,50 €` in a German shop, `£1,234.50` in a British one, local time, nothing printed as '?'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TillReportView } from '../../../shared/contract';
import { reportReceipt } from '../../../electron/services/till-reports/print';
import { startStaffedTill } from '../../support/staffed-till';
import {
  assertNoReplacement,
  BERLIN,
  EARLIER,
  LONDON,
  PRINTED_AT,
  row,
  shown,
} from '../printing/slip-support';

// ---------------------------------------------------------------------------------------------
// Till X/Z report
// ---------------------------------------------------------------------------------------------

const report = (currency: string, terminal: string, category: string): TillReportView => ({
  kind: 'Z',
  number: 7,
  currency,
  since: EARLIER,
  until: PRINTED_AT.toISOString(),
  runBy: { id: 'a', name: 'Ana' },
  sales: { count: 3, amount: 123450, refunds: 450, net: 123000 },
  tenders: [
    { key: 'cash', label: 'Cash', count: 2, amount: 23450 },
    { key: 'card:t1', label: terminal, terminal: { id: 't1', named: true }, count: 1, amount: 90000 },
    { key: 'manual_card', label: 'Card keyed in by hand', count: 1, amount: 10000 },
  ],
  vat: [{ basisPoints: 1900, gross: 123000, vat: 19639, net: 103361 }],
  refundsWithoutItems: { count: 0, amount: 0 },
  // The line sold without a category was given back in cash by Ana.
  categories: [
    { category, quantity: 3, amount: 123000, refunds: 0, net: 123000 },
    { category: 'No category', quantity: 1, amount: 450, refunds: 450, net: 0 },
  ],
  cashiers: [
    { name: 'Ana', count: 2, amount: 123000, refunds: 450, net: 122550 },
    { name: 'Nobody signed in', count: 1, amount: 450, refunds: 0, net: 450 },
  ],
  hours: Array.from({ length: 24 }, (_, hour) =>
    hour === 17 ? { hour, count: 3, amount: 123450 } : { hour, count: 0, amount: 0 },
  ),
  refunds: [{ key: 'cash', label: 'Cash', count: 1, amount: 450 }],
  discounts: { count: 1, amount: 500 },
  priceOverrides: { count: 0, amount: 0 },
  voids: { count: 0, amount: 0 },
  noSales: { count: 2 },
  cashMovements: [{ direction: 'out', reason: 'paid_out', count: 1, amount: 1500 }],
  shifts: [{ number: 4, float: 10000, expected: 33000, counted: 32950, difference: -50, countedBy: 'Ana' }],
});

test('the till Z report in en-GB: English words, £1,234.50, London time', () => {
  const lines = reportReceipt(report('GBP', 'Counter', 'Coffee'), {
    shopName: 'Corner Shop',
    paperWidth: 80,
    locale: 'en-GB',
    timeZone: LONDON,
  });
  assert.deepEqual(shown(lines), [
    'Corner Shop',
    'Z REPORT 7',
    'From 03/07/2026 21:05',
    'To   04/07/2026 17:12',
    'Run by Ana',
    '-',
    'Takings',
    row('Sales (3)', '£1,234.50'),
    row('Refunds', '−£4.50'),
    row('Net takings', '£1,230.00'),
    '-',
    'By tender',
    row('Cash (2)', '£234.50'),
    row('Counter (1)', '£900.00'),
    row('Card keyed in by hand (1)', '£100.00'),
    '-',
    'VAT',
    row('19% gross', '£1,230.00'),
    row('19% VAT', '£196.39'),
    row('19% net', '£1,033.61'),
    '-',
    'By category',
    row('Coffee (3)', '£1,230.00'),
    row('No category (1)', '£4.50'),
    row('  Refunded', '−£4.50'),
    row('  After refunds', '£0.00'),
    row('Net takings', '£1,230.00'),
    '-',
    'By cashier',
    row('Ana (2)', '£1,230.00'),
    row('  Refunded', '−£4.50'),
    row('  After refunds', '£1,225.50'),
    row('Nobody signed in (1)', '£4.50'),
    row('Net takings', '£1,230.00'),
    '-',
    'By hour',
    row('17:00 (3)', '£1,234.50'),
    '-',
    'Refunds',
    row('Cash (1)', '£4.50'),
    '-',
    'Other',
    row('Discounts (1)', '£5.00'),
    row('Price overrides (0)', '£0.00'),
    row('Voids (0)', '£0.00'),
    'No-sales: 2',
    '-',
    'Cash in and out',
    row('Out: Paid out (1)', '£15.00'),
    '-',
    'Shift 4 counted by Ana',
    row('Float', '£100.00'),
    row('Expected', '£330.00'),
    row('Counted', '£329.50'),
    row('Difference', '−£0.50'),
    '>>',
  ]);
});

const germanReport = (reprint = false) =>
  reportReceipt(report('EUR', 'Tresen', 'Kaffee'), {
    shopName: 'Eckladen',
    paperWidth: 80,
    locale: 'de-DE',
    timeZone: BERLIN,
    reprint,
  });

test('the till Z report in de-DE: German words, 1.234,50 €, Berlin time', () => {
  assert.deepEqual(shown(germanReport()), [
    'Eckladen',
    'Z-BERICHT 7',
    'Von 03.07.2026 22:05',
    'Bis 04.07.2026 18:12',
    'Erstellt von Ana',
    '-',
    'Umsatz',
    row('Verkäufe (3)', '1.234,50 €'),
    row('Erstattungen', '−4,50 €'),
    row('Umsatz nach Erstattungen', '1.230,00 €'),
    '-',
    'Nach Zahlungsart',
    row('Bar (2)', '234,50 €'),
    row('Tresen (1)', '900,00 €'),
    row('Karte von Hand eingegeben (1)', '100,00 €'),
    '-',
    'MwSt.',
    row('19 % brutto', '1.230,00 €'),
    row('19 % MwSt.', '196,39 €'),
    row('19 % netto', '1.033,61 €'),
    '-',
    'Nach Warengruppe',
    row('Kaffee (3)', '1.230,00 €'),
    row('Ohne Warengruppe (1)', '4,50 €'),
    row('  Erstattet', '−4,50 €'),
    row('  Nach Erstattungen', '0,00 €'),
    row('Umsatz nach Erstattungen', '1.230,00 €'),
    '-',
    'Nach Kassierer',
    row('Ana (2)', '1.230,00 €'),
    row('  Erstattet', '−4,50 €'),
    row('  Nach Erstattungen', '1.225,50 €'),
    row('Niemand angemeldet (1)', '4,50 €'),
    row('Umsatz nach Erstattungen', '1.230,00 €'),
    '-',
    'Nach Stunde',
    row('17:00 (3)', '1.234,50 €'),
    '-',
    'Erstattungen',
    row('Bar (1)', '4,50 €'),
    '-',
    'Sonstiges',
    row('Rabatte (1)', '5,00 €'),
    row('Preisänderungen (0)', '0,00 €'),
    row('Stornos (0)', '0,00 €'),
    'Lade ohne Verkauf: 2',
    '-',
    'Einlagen und Entnahmen',
    row('Entnahme: Auszahlung (1)', '15,00 €'),
    '-',
    'Schicht 4, gezählt von Ana',
    row('Wechselgeld', '100,00 €'),
    row('Soll', '330,00 €'),
    row('Gezählt', '329,50 €'),
    row('Differenz', '−0,50 €'),
    '>>',
  ]);
  const x = reportReceipt(
    { ...report('EUR', 'Tresen', 'Kaffee'), kind: 'X', number: null, since: null },
    { shopName: '', paperWidth: 80, locale: 'de-DE', timeZone: BERLIN, reprint: true },
  );
  assert.deepEqual(shown(x).slice(0, 4), [
    'NACHDRUCK',
    'X-BERICHT (Tag bisher)',
    'Ab dem ersten Verkauf',
    'Bis 04.07.2026 18:12',
  ]);
});

test('a till in a German shop prints its X report in German, through the service', async (t) => {
  const { t: till } = await startStaffedTill();
  t.after(() => till.close());
  await till.call('settings.update', { patch: { shop: { locale: 'de-DE' } } });
  const queued = till.waitForEvent('printing.changed', (e) => /^x-/.test(e.job?.receiptId ?? ''));
  await till.call('tillReports.print', {});
  await queued;
  const [slip] = await till.call('printing.preview', { limit: 1 });
  const texts = slip!.lines.map((l) => l.value);
  assert.ok(texts.includes('X-BERICHT (Tag bisher)'), texts.join('\n'));
  assert.ok(texts.includes('Nach Zahlungsart'), texts.join('\n'));
  // The test shop sells in pounds: the amount is written the German way, in its own currency.
  assert.ok(
    texts.some((l) => /^Verkäufe \(0\) +0,00 £$/.test(l)),
    texts.join('\n'),
  );
});

test('the German report prints on CP858 and CP1252 with no character replaced by ?', () => {
  assertNoReplacement('Z report', germanReport(true));
});

test('a card machine the shop has not named prints in the slip’s language; a named one as the shop named it', () => {
  // Terminal t1 is named, even if its name reads like another machine's fallback.
  const view = report('EUR', 'Card machine ending 0042', 'Kaffee');
  const unnamed = (id: string) => ({
    key: `card:${id}`,
    label: `Card machine ending ${id.slice(-4)}`,
    terminal: { id, named: false },
  });
  view.tenders.push({ ...unnamed('T-0077'), count: 1, amount: 100 });
  view.refunds.push({ ...unnamed('T-0042'), count: 1, amount: 200 });
  const cardRows = (locale: string, timeZone: string) =>
    shown(reportReceipt(view, { shopName: 'Eckladen', paperWidth: 80, locale, timeZone })).filter(
      (l) => l.includes('Kartenterminal') || l.includes('Card machine'),
    );
  assert.deepEqual(cardRows('de-DE', BERLIN), [
    row('Card machine ending 0042 (1)', '900,00 €'),
    row('Kartenterminal mit Endung 0077 (1)', '1,00 €'),
    row('Kartenterminal mit Endung 0042 (1)', '2,00 €'),
  ]);
  assert.deepEqual(cardRows('en-GB', LONDON), [
    row('Card machine ending 0042 (1)', '€900.00'),
    row('Card machine ending 0077 (1)', '€1.00'),
    row('Card machine ending 0042 (1)', '€2.00'),
  ]);
});
