// Money, numbers and dates in the shop's locale: exact figures from integer minor units, the
// German forms the issue names, typed amounts read back in each locale, and paper that prints
// the same figures on a receipt printer's code page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toPrintable } from '../../../shared/code-pages';
import { formatterFor, forPaper, paperFormat } from '../../../shared/format';
import {
  amountText,
  formatMoney,
  formatMoneyPlain,
  parseAmount,
  setMoneyLocale,
} from '../../../shared/money';
import { buildSaleReceipt, type SaleReceiptInput } from '../../../electron/services/printing/sale-receipt';
import { encodeReceipt } from '../../../electron/services/printing/escpos-encoder';
import { decodeEscPos } from '../printing/escpos-decoder';

const NBSP = '\u00a0';

test('en-GB is the default: £1,234.50, -€0.05, and the till’s existing forms', () => {
  assert.equal(formatMoney(123450, 'GBP'), '£1,234.50');
  assert.equal(formatMoney(-5, 'EUR'), '-€0.05');
  assert.equal(formatMoney(0, 'GBP'), '£0.00');
  assert.equal(formatMoneyPlain(123450, 'GBP'), '£1234.50');
});

test('de-DE with EUR reads 1.234,50 € (no-break space on screen)', () => {
  assert.equal(formatMoney(123450, 'EUR', { locale: 'de-DE' }), `1.234,50${NBSP}€`);
  assert.equal(formatMoney(-5, 'EUR', { locale: 'de-DE' }), `-0,05${NBSP}€`);
  assert.equal(formatterFor('de-DE').money(99_999_999, 'EUR'), `999.999,99${NBSP}€`);
});

test('screens and slips write a negative amount with the minus sign; formatMoney keeps the hyphen for files', () => {
  assert.equal(formatterFor('en-GB').money(-5, 'EUR'), '\u2212€0.05');
  assert.equal(formatterFor('de-DE').money(-123450, 'EUR'), `\u22121.234,50${NBSP}€`);
  assert.equal(formatterFor('en-GB').money(5, 'EUR'), '€0.05');
  assert.equal(paperFormat('en-GB').money(-150, 'GBP'), '\u2212£1.50');
  assert.equal(paperFormat('de-DE').money(-150, 'EUR'), '\u22121,50 €');
  assert.equal(formatMoney(-5, 'EUR'), '-€0.05');
});

test('amounts stay exact far beyond what a float carries in cents', () => {
  // 2^53 - 1 minor units: dividing by 100 as a float would round the last digits.
  assert.equal(formatMoney(Number.MAX_SAFE_INTEGER, 'GBP'), '£90,071,992,547,409.91');
  assert.throws(() => formatMoney(12.5, 'GBP'), RangeError);
});

test('an amount without a known currency is a plain number, never a wrong sign', () => {
  assert.equal(formatMoney(133, ''), '1.33');
  assert.equal(formatMoney(133, '', { locale: 'de-DE' }), '1,33');
});

test('typed amounts are read in the shop’s decimal mark, and the till’s own text reads back', () => {
  assert.deepEqual(parseAmount('12,50', 'de-DE'), { ok: true, minor: 1250 });
  assert.deepEqual(parseAmount('1.234,50 €', 'de-DE'), { ok: true, minor: 123450 });
  assert.deepEqual(parseAmount('£1,234.50', 'en-GB'), { ok: true, minor: 123450 });
  assert.equal(parseAmount('12 50', 'en-GB').ok, false, 'a space is not a grouping mark in what is typed');
  assert.equal(parseAmount('12,5,0', 'de-DE').ok, false);
  for (const locale of ['en-GB', 'de-DE']) {
    for (const minor of [0, 1, 5, 99, 100, 1250, 123450, 99_999_999]) {
      const text = amountText(minor, locale);
      assert.deepEqual(parseAmount(text, locale), { ok: true, minor }, `${locale} ${text}`);
    }
  }
});

test('the screens’ amount locale follows the shop (what the renderer sets), and only when set', () => {
  try {
    setMoneyLocale('de-DE');
    assert.equal(formatMoney(1250, 'EUR'), `12,50${NBSP}€`);
    assert.equal(amountText(1250), '12,50');
    assert.deepEqual(parseAmount('12,50'), { ok: true, minor: 1250 });
  } finally {
    setMoneyLocale('en-GB');
  }
  assert.equal(formatMoney(1250, 'EUR'), '€12.50');
});

test('numbers, dates, times and rates in each locale', () => {
  const at = '2026-11-22T14:05:00Z';
  const en = formatterFor('en-GB');
  const de = formatterFor('de-DE');
  assert.equal(en.number(12345), '12,345');
  assert.equal(de.number(12345), '12.345');
  assert.equal(de.percent(1750), `17,5${NBSP}%`);
  assert.equal(en.percent(2000), '20%');
  assert.match(en.date(at), /^2[23] Nov 2026$/);
  assert.match(de.date(at), /^2[23]\. Nov\. 2026$/);
  assert.match(de.time(at), /^\d\d:05$/);
  assert.equal(en.date('not a date'), 'not a date');
});

test('paper gets plain spaces: the German figure prints on CP858 and CP1252 without a ?', () => {
  const paper = formatMoneyPlain(123450, 'EUR', 'de-DE');
  assert.equal(paper, '1234,50 €');
  assert.equal(forPaper('1\u202f234,50\u00a0€'), '1 234,50 €');
  assert.equal(toPrintable(paper, 'cp858'), paper);
  assert.equal(toPrintable(paper, 'cp1252'), paper);
  assert.equal(toPrintable(paper, 'cp437'), '1234,50 ?', 'CP437 has no euro sign: the preview shows it too');
});

const receipt = (locale?: string): SaleReceiptInput => ({
  shop: { name: 'Eckladen', addressLines: ['Marktstraße 1'] },
  receiptNumber: 'R-000042',
  issuedAt: new Date('2026-03-04T16:12:00Z'),
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  ...(locale && { locale }),
  items: [{ name: 'Kaffee', quantity: 1, unitPrice: 123450 }],
  tenders: [{ kind: 'cash', amount: 123450, given: 130000 }],
  paperWidth: 80,
});

test('a receipt in de-DE prints German words and amounts (grouped, 1.234,50 €), byte for byte on CP858', () => {
  const printed = (input: SaleReceiptInput) =>
    decodeEscPos(encodeReceipt(buildSaleReceipt(input), { paperWidth: 80, codePage: 'cp858' })).lines.map(
      (l) => l.text,
    );
  const german = printed({ ...receipt('de-DE'), vatRateBasisPoints: 1900 });
  const has = (pattern: RegExp) =>
    assert.ok(
      german.some((l) => pattern.test(l)),
      `${pattern}\n${german.join('\n')}`,
    );
  has(/^SUMME\s+1\.234,50 €$/);
  has(/^Bar\s+1\.300,00 €$/);
  has(/^Rückgeld\s+65,50 €$/);
  has(/^MwSt\. 19 %\s+197,11 €$/);
  has(/^04\.03\.2026 17:12$/);
  assert.ok(!german.some((l) => l.includes('?')), 'nothing the code page lacks');
  // Without a locale the receipt stays as it was (en-GB).
  const english = printed(receipt());
  assert.ok(
    english.some((l) => /^TOTAL\s+€1,234\.50$/.test(l)),
    english.join('\n'),
  );
  assert.ok(
    english.some((l) => /^Change due\s+€65\.50$/.test(l)),
    english.join('\n'),
  );
});
