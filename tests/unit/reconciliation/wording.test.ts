// What staff read when the card machine's totals and the till's disagree in a way neither side
// alone explains: the amounts differ, and only when one side has more sales (or refunds) than
// the other does the sentence say how many and where; when the amounts agree, it says the number
// of sales (or refunds) differs. English from the service, German from the catalogue by the key
// the service sends, both the same sentence.
import '../../support/words';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compare } from '../../../electron/services/reconciliation/compare';
import { i18n } from '../../../renderer/src/i18n';
import { wordsText } from '../../../renderer/src/i18n/words';
import { compareInput, paid, totals } from './support';

/** The one left-over difference between the card machine's totals and these paid payments. */
function leftOver(terminal: ReturnType<typeof totals>, amounts: number[], type: 'SALE' | 'REFUND' = 'SALE') {
  const journal = amounts.map((a, i) => paid(String(i + 1), a, type));
  const { differences } = compare(compareInput({ terminal, journal }));
  assert.equal(differences.length, 1, JSON.stringify(differences));
  return differences[0]!;
}

const cases = [
  {
    name: 'same number of sales, other amount',
    d: () => leftOver(totals(2, 2500), [1000, 1000]),
    amount: 500,
    english: 'The card machine’s sales differ from the till’s by £5.00',
    key: 'sales',
    count: undefined,
    german: 'Die Verkäufe des Kartenterminals weichen um 5,00 £ von denen der Kasse ab',
  },
  {
    name: 'one sale more on the card machine, less money',
    d: () => leftOver(totals(3, 1500), [1000, 1000]),
    amount: -500,
    english: 'The card machine’s sales differ from the till’s by £5.00 (1 sale more on the card machine)',
    key: 'salesMoreOnMachine',
    count: 1,
    german:
      'Die Verkäufe des Kartenterminals weichen um 5,00 £ von denen der Kasse ab (1 Verkauf mehr auf dem Kartenterminal)',
  },
  {
    name: 'two sales more in the till, less money there',
    d: () => leftOver(totals(1, 2500), [700, 700, 600]),
    amount: 500,
    english: 'The card machine’s sales differ from the till’s by £5.00 (2 sales more in the till)',
    key: 'salesMoreInTill',
    count: 2,
    german:
      'Die Verkäufe des Kartenterminals weichen um 5,00 £ von denen der Kasse ab (2 Verkäufe mehr in der Kasse)',
  },
  {
    name: 'two refunds more on the card machine, less money',
    d: () => leftOver(totals(0, 0, 3, 100), [900], 'REFUND'),
    amount: 800,
    english:
      'The card machine’s refunds differ from the till’s by £8.00 (2 refunds more on the card machine)',
    key: 'refundsMoreOnMachine',
    count: 2,
    german:
      'Die Erstattungen des Kartenterminals weichen um 8,00 £ von denen der Kasse ab (2 Erstattungen mehr auf dem Kartenterminal)',
  },
  {
    name: 'same number of refunds, other amount',
    d: () => leftOver(totals(0, 0, 1, 950), [900], 'REFUND'),
    amount: -50,
    english: 'The card machine’s refunds differ from the till’s by £0.50',
    key: 'refunds',
    count: undefined,
    german: 'Die Erstattungen des Kartenterminals weichen um 0,50 £ von denen der Kasse ab',
  },
] as const;

for (const c of cases) {
  test(`totals that disagree, ${c.name}: said plainly, in English and German`, async () => {
    const d = c.d();
    assert.equal(d.kind, 'mismatch');
    assert.equal(d.amount, c.amount, 'card machine minus till');
    assert.equal(d.title, c.english);
    assert.doesNotMatch(d.title, /\(0 /, 'never “0 sales more”');

    assert.equal(d.titleWords?.key, `reconciliation.mismatch.${c.key}`, 'sent by its key');
    const key = `services.reconciliation.mismatch.${c.key}`;
    const amount = c.english.match(/£\d+\.\d\d/)![0];
    const params = { amount, ...(c.count === undefined ? {} : { count: c.count }) };
    assert.equal(i18n.getFixedT('en-GB')(key, params), c.english, 'the catalogue says what the service says');
    const euros = `${amount.slice(1).replace('.', ',')} £`;
    assert.equal(i18n.getFixedT('de-DE')(key, { ...params, amount: euros }), c.german);
  });
}

const agreeing = [
  {
    name: 'a sale more in the till',
    d: () => leftOver(totals(1, 2000), [1000, 1000]),
    english:
      'The card machine and the till agree on the amount but not on the number of sales: 1 sale more in the till',
    german:
      'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Verkäufe: 1 Verkauf mehr in der Kasse',
  },
  {
    name: 'two sales more on the card machine',
    d: () => leftOver(totals(4, 2000), [1000, 1000]),
    english:
      'The card machine and the till agree on the amount but not on the number of sales: 2 sales more on the card machine',
    german:
      'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Verkäufe: 2 Verkäufe mehr auf dem Kartenterminal',
  },
  {
    name: 'a refund more in the till',
    d: () => leftOver(totals(0, 0, 1, 900), [450, 450], 'REFUND'),
    english:
      'The card machine and the till agree on the amount but not on the number of refunds: 1 refund more in the till',
    german:
      'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Erstattungen: 1 Erstattung mehr in der Kasse',
  },
] as const;

for (const c of agreeing) {
  test(`amounts that agree, ${c.name}: the number differs, never “by £0.00”`, async () => {
    const d = c.d();
    assert.equal(d.kind, 'mismatch');
    assert.equal(d.amount, 0);
    assert.equal(d.title, c.english);
    assert.equal(wordsText(d.titleWords, ''), c.english, 'the catalogue says what the service says');
    await i18n.changeLanguage('de-DE');
    try {
      assert.equal(wordsText(d.titleWords, d.title), c.german);
    } finally {
      await i18n.changeLanguage('en-GB');
    }
  });
}
