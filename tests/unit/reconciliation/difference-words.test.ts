// Every kind of difference a card check finds is sent with its title and detail by catalogue key
// and the values that fill them: the key is in the English and the German catalogue, every
// placeholder of both has its value, English reads exactly what the service wrote, and German
// reads German with the amounts written the German way. Every title and detail the catalogue
// holds for differences is produced by some sample here, so none is left unsent.
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Words } from '../../../shared/contract';
import { compare, type ReadBack, type TillPayment } from '../../../electron/services/reconciliation/compare';
import { i18n } from '../../../renderer/src/i18n';
import { catalogues } from '../../../renderer/src/i18n/catalogues';
import { wordsText } from '../../../renderer/src/i18n/words';
import { compareInput, manualEntry, paid, totals } from './support';

type Input = Parameters<typeof compareInput>[0];

/**
 * A journaled payment the card machine gave back as `back` (and counts in its totals when it went
 * through), on a sale with a receipt number or without one.
 */
function readBackCase(p: Partial<TillPayment>, back: Partial<ReadBack>, receipt = true): Input {
  const payment = { ...paid('1', 1000), ...p, ...(receipt ? {} : { receiptNumber: null }) };
  const record: ReadBack = {
    type: payment.type,
    result: 'SUCCESSFUL',
    amountTotal: 1000,
    transactionNumber: '7',
    ...back,
  };
  const amount = record.amountTotal ?? 0;
  const counted =
    record.result !== 'SUCCESSFUL'
      ? totals(0, 0)
      : record.type === 'REFUND'
        ? totals(0, 0, 1, amount)
        : totals(1, amount);
  return { terminal: counted, journal: [payment], readBack: new Map([['1', record]]) };
}

const sales = (...amounts: number[]) => amounts.map((a, i) => paid(String(i + 1), a));
const refunds = (...amounts: number[]) => amounts.map((a, i) => paid(String(i + 1), a, 'REFUND'));

const SAMPLES: Record<string, Input> = {};
for (const receipt of [true, false]) {
  const on = receipt ? ' on a sale' : '';
  for (const type of ['SALE', 'REFUND'] as const) {
    const what = `${type === 'SALE' ? 'card payment' : 'refund'}${on}`;
    SAMPLES[`${what} the card machine did not count`] = readBackCase(
      { type },
      { result: 'TRANSACTION_UNSUCCESSFUL' },
      receipt,
    );
    SAMPLES[`${what} the till has as not paid`] = readBackCase({ type, paid: false }, {}, receipt);
    SAMPLES[`${what} of another amount`] = readBackCase({ type }, { amountTotal: 1250 }, receipt);
    SAMPLES[`${what} of another type`] = readBackCase(
      { type },
      { type: type === 'SALE' ? 'REFUND' : 'SALE' },
      receipt,
    );
  }
}
Object.assign(SAMPLES, {
  'a sale only on the card machine': { terminal: totals(1, 1234) },
  'sales only on the card machine': { terminal: totals(2, 1600) },
  'a refund only on the card machine': { terminal: totals(0, 0, 1, 500) },
  'refunds only on the card machine': { terminal: totals(0, 0, 2, 900) },
  'a sale only in the till': { journal: sales(650) },
  'sales only in the till': { journal: sales(650, 700) },
  'a refund only in the till': { journal: refunds(650) },
  'refunds only in the till': { journal: refunds(650, 700) },
  'sales of another amount': { terminal: totals(2, 2500), journal: sales(1000, 1000) },
  'a sale more on the card machine': { terminal: totals(3, 1500), journal: sales(1000, 1000) },
  'sales more on the card machine': { terminal: totals(4, 1500), journal: sales(1000, 1000) },
  'a sale more in the till': { terminal: totals(1, 1500), journal: sales(700, 600) },
  'sales more in the till': { terminal: totals(1, 2500), journal: sales(700, 700, 600) },
  'refunds of another amount': { terminal: totals(0, 0, 1, 950), journal: refunds(900) },
  'a refund more on the card machine': { terminal: totals(0, 0, 2, 100), journal: refunds(900) },
  'refunds more on the card machine': { terminal: totals(0, 0, 3, 100), journal: refunds(900) },
  'a refund more in the till': { terminal: totals(0, 0, 1, 2000), journal: refunds(900, 900) },
  'refunds more in the till': { terminal: totals(0, 0, 1, 2000), journal: refunds(600, 600, 600) },
  'same sales amount, a sale more on the card machine': {
    terminal: totals(3, 2000),
    journal: sales(1000, 1000),
  },
  'same sales amount, sales more on the card machine': {
    terminal: totals(4, 2000),
    journal: sales(1000, 1000),
  },
  'same sales amount, a sale more in the till': { terminal: totals(1, 2000), journal: sales(1000, 1000) },
  'same sales amount, sales more in the till': { terminal: totals(1, 2000), journal: sales(700, 700, 600) },
  'same refunds amount, a refund more on the card machine': {
    terminal: totals(0, 0, 2, 900),
    journal: refunds(900),
  },
  'same refunds amount, refunds more on the card machine': {
    terminal: totals(0, 0, 3, 900),
    journal: refunds(900),
  },
  'same refunds amount, a refund more in the till': {
    terminal: totals(0, 0, 1, 900),
    journal: refunds(450, 450),
  },
  'same refunds amount, refunds more in the till': {
    terminal: totals(0, 0, 1, 900),
    journal: refunds(300, 300, 300),
  },
  'card payment keyed in by hand, matched, with its reference': {
    terminal: totals(1, 1200),
    manualEntries: [manualEntry(1, 1200)],
  },
  'card payment keyed in by hand, matched': {
    terminal: totals(1, 1200),
    manualEntries: [{ ...manualEntry(1, 1200), reference: null }],
  },
  'card payment keyed in by hand, not found, with its reference': { manualEntries: [manualEntry(1, 1200)] },
  'card payment keyed in by hand, not found': {
    manualEntries: [{ ...manualEntry(1, 1200), reference: null }],
  },
} satisfies Record<string, Input>);

interface Sentence {
  where: string;
  english: string;
  words: Words | undefined;
}

function sentences(): Sentence[] {
  return Object.entries(SAMPLES).flatMap(([name, input]) => {
    const { differences } = compare(compareInput(input));
    assert.equal(differences.length, 1, `${name}: ${JSON.stringify(differences)}`);
    const d = differences[0]!;
    return [
      { where: `${name} (title)`, english: d.title, words: d.titleWords },
      { where: `${name} (detail)`, english: d.detail, words: d.detailWords },
    ];
  });
}

/** The catalogue's message for these words (the plural form its count picks), or undefined. */
function message(language: 'en' | 'de', words: Words): string | undefined {
  const count = words.params?.count;
  const path = `services.${words.key}${typeof count === 'number' ? (count === 1 ? '_one' : '_other') : ''}`;
  let at: unknown = catalogues[language];
  for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return typeof at === 'string' ? at : undefined;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

test('every difference is sent by key, with every placeholder filled, in English and German', async () => {
  const all = sentences();
  const problems: string[] = [];
  for (const s of all) {
    if (!s.words) {
      problems.push(`${s.where}: no key`);
      continue;
    }
    for (const language of ['en', 'de'] as const) {
      const text = message(language, s.words);
      if (text === undefined) problems.push(`${s.where}: services.${s.words.key} is not in ${language}`);
      else if (
        placeholders(text).join() !==
        Object.keys(s.words.params ?? {})
          .sort()
          .join()
      )
        problems.push(`${s.where}: ${language} needs {{${placeholders(text).join('}}, {{')}}}`);
    }
  }
  assert.deepEqual(problems, []);
  // English from the catalogue is exactly what the service says.
  assert.deepEqual(
    all
      .filter((s) => wordsText(s.words, '') !== s.english)
      .map((s) => `${s.where}: “${wordsText(s.words, '')}”`),
    [],
  );

  await i18n.changeLanguage('de-DE');
  try {
    const german = all.map((s) => ({ ...s, text: wordsText(s.words, s.english) }));
    assert.deepEqual(
      german
        .filter((s) => s.text === s.english || /\{\{|\}\}|object Object/.test(s.text))
        .map((s) => `${s.where}: ${s.text}`),
      [],
    );
    const onMachine = german.find((s) => s.where === 'sales only on the card machine (title)')!;
    assert.equal(
      onMachine.text,
      '2 Verkäufe über 16,00\u00a0£ auf dem Kartenterminal sind nicht in der Kasse',
    );
    const noted = german.find(
      (s) => s.where === 'card payment keyed in by hand, matched, with its reference (title)',
    )!;
    assert.equal(
      noted.text,
      'Zugeordnet: von Hand eingegebene Kartenzahlung bei Verkauf S000011, 12,00\u00a0£, Ref. R',
      'the sale and the reference as the till has them',
    );
  } finally {
    await i18n.changeLanguage('en-GB');
  }
});

/** Leaf keys of a catalogue section, a plural pair counted once ("sales_one" → "sales"). */
function leaves(section: unknown, prefix: string): string[] {
  return Object.entries(section as Record<string, unknown>).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [`${prefix}.${name.replace(/_(one|other)$/, '')}`]
      : leaves(value, `${prefix}.${name}`),
  );
}

test('every title and detail the catalogue holds for differences is one the service sends', () => {
  const sent = new Set(sentences().map((s) => s.words?.key));
  const { reconciliation } = catalogues.en.services;
  const words = [
    ...leaves(reconciliation.mismatch, 'reconciliation.mismatch'),
    ...leaves(reconciliation.payment, 'reconciliation.payment'),
    ...leaves(reconciliation.oneSide, 'reconciliation.oneSide'),
    ...leaves(reconciliation.manual, 'reconciliation.manual'),
    ...leaves(reconciliation.detail, 'reconciliation.detail'),
  ];
  assert.ok(words.length >= 40, `only ${words.length}`);
  assert.deepEqual(
    [...new Set(words)].filter((key) => !sent.has(key)),
    [],
  );
});
