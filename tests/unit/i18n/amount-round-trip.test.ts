// The one way an amount goes into a field (amountText) and the one way it is read back
// (parseAmount), for every locale the till speaks: whatever a field shows, or the screen writes
// beside it, reads back as the very same amount, over fixed amounts and a seeded random sweep.
// A separator that cannot be one ("1.5" on a German till) is refused, never read as 15.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SHOP_LOCALES } from '../../../shared/format';
import { amountText, formatMoney, parseAmount, setMoneyLocale } from '../../../shared/money';

const FIXED = [0, 1, 5, 10, 99, 100, 150, 999, 1_000, 99_999, 100_000, 123_450, 1_000_000, 99_999_999];

/** mulberry32: the same sequence for the same seed, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Amounts of every size: pennies, pounds, thousands, up to the largest a field takes. */
function sweep(seed: number, count: number): number[] {
  const random = seeded(seed);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const digits = 1 + Math.floor(random() * 11); // 1 .. 11 digits of minor units
    out.push(Math.floor(random() * 10 ** digits));
  }
  return out;
}

const SEED = 20_260_429;
const AMOUNTS = [...FIXED, ...sweep(SEED, 2_000)];

/** Every way the till writes an amount a cashier could find in a field, or copy into one. */
function writings(minor: number, locale: string): string[] {
  return [
    amountText(minor, locale),
    formatMoney(minor, 'GBP', { locale }), // grouped, with the sign: "£1,234.50"
    formatMoney(minor, 'EUR', { locale }), // "1.234,50 €" with a no-break space
    formatMoney(minor, 'EUR', { locale, grouping: false }),
    formatMoney(minor, '', { locale }), // grouped, no sign: "1,234.50" / "1.234,50"
  ];
}

test('every locale: each amount written into a field reads back as the same amount', () => {
  assert.ok(SHOP_LOCALES.length >= 2);
  for (const locale of SHOP_LOCALES) {
    for (const minor of AMOUNTS) {
      for (const text of writings(minor, locale))
        assert.deepEqual(
          parseAmount(text, locale),
          { ok: true, minor },
          `${locale}: "${text}" (seed ${SEED})`,
        );
    }
  }
});

test('every locale: negative amounts read back where a field allows them, and are refused where not', () => {
  for (const locale of SHOP_LOCALES) {
    for (const minor of [...FIXED.filter((m) => m > 0), ...sweep(SEED + 1, 500).filter((m) => m > 0)]) {
      for (const text of writings(-minor, locale)) {
        assert.deepEqual(parseAmount(text, locale, { negative: true }), { ok: true, minor: -minor }, text);
        assert.equal(parseAmount(text, locale).ok, false, `${locale}: "${text}" where no minus is allowed`);
      }
    }
    assert.deepEqual(parseAmount(amountText(0, locale), locale, { negative: true }), { ok: true, minor: 0 });
    assert.ok(Object.is((parseAmount('-0', locale, { negative: true }) as { minor: number }).minor, 0));
  }
});

test('thousands separators are read only where the locale puts them', () => {
  assert.deepEqual(parseAmount('1.000.000,00', 'de-DE'), { ok: true, minor: 100_000_000 });
  assert.deepEqual(parseAmount('1.234', 'de-DE'), { ok: true, minor: 123_400 });
  assert.deepEqual(parseAmount('1,000,000.00', 'en-GB'), { ok: true, minor: 100_000_000 });
  assert.deepEqual(parseAmount('12,345', 'en-GB'), { ok: true, minor: 1_234_500 });
  for (const [text, locale] of [
    ['1.23.456,00', 'de-DE'],
    ['12.34,00', 'de-DE'],
    ['1,2345.00', 'en-GB'],
    ['1 234.50', 'en-GB'],
    ['1.234,50,00', 'de-DE'],
    ['1,5,0', 'en-GB'],
  ] as const)
    assert.equal(parseAmount(text, locale).ok, false, `${locale} "${text}"`);
});

test('the other decimal mark is refused in words, never read as a larger amount', () => {
  // The German till's report: "1.5" in the discount field was read as 15,00 €.
  for (const [text, locale, example] of [
    ['1.5', 'de-DE', '1,50'],
    ['1.50', 'de-DE', '1,50'],
    ['12.5 €', 'de-DE', '1,50'],
    ['1,5', 'en-GB', '1.50'],
    ['£1,50', 'en-GB', '1.50'],
  ] as const) {
    const read = parseAmount(text, locale);
    assert.equal(read.ok, false, `${locale} "${text}"`);
    assert.equal(!read.ok && read.problem, 'mark', `${locale} "${text}"`);
    assert.equal(!read.ok && read.reason, `"${text}" cannot be read: write amounts like ${example}.`);
  }
});

test('what is not an amount says so: empty, letters, three decimals, too many digits', () => {
  for (const locale of SHOP_LOCALES) {
    assert.equal((parseAmount('  ', locale) as { problem: string }).problem, 'empty');
    assert.equal((parseAmount('€', locale) as { problem: string }).problem, 'empty');
    for (const text of ['abc', '1e3', '0x10', '12.345.67,891', '-', '1' + '0'.repeat(9), 'Infinity'])
      assert.equal(
        (parseAmount(text, locale) as { problem: string }).problem,
        'unreadable',
        `${locale} ${text}`,
      );
  }
  assert.equal((parseAmount('1,234', 'de-DE') as { problem: string }).problem, 'unreadable');
  assert.deepEqual(parseAmount('999999999,99', 'de-DE'), { ok: true, minor: 99_999_999_999 });
});

test('a field follows the screens’ locale when none is named', () => {
  try {
    setMoneyLocale('de-DE');
    assert.equal(amountText(150), '1,50');
    assert.deepEqual(parseAmount(amountText(150)), { ok: true, minor: 150 });
    assert.equal(parseAmount('1.5').ok, false);
  } finally {
    setMoneyLocale('en-GB');
  }
  assert.equal(amountText(150), '1.50');
  assert.deepEqual(parseAmount('1.5'), { ok: true, minor: 150 });
});
