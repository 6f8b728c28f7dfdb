// A till report's rows the services label in English (cash, cards keyed by hand, an unknown card
// machine, one the shop has not named, no cashier, no category) read in the shop's language; the
// shop's own names stay as given, and a Z closed before rows said their machine shows its label.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CASH,
  MANUAL,
  NO_CATEGORY,
  NOBODY,
  UNKNOWN_CARD,
} from '../../../electron/services/till-reports/compute';
import { i18n } from '../../../renderer/src/i18n';
import {
  cashierLabel,
  categoryLabel,
  tenderLabel,
} from '../../../renderer/src/screens/till-reports/tender-label';

/** A card machine's rows as the services send them: the English fallback when it is unnamed. */
const UNNAMED = {
  key: 'card:22900001',
  label: 'Card machine ending 0001',
  terminal: { id: '22900001', named: false },
};
const NAMED = { key: 'card:22900002', label: 'By the door', terminal: { id: '22900002', named: true } };
/** Named by the shop with words that read like another machine's fallback. */
const NAMED_LIKE_FALLBACK = {
  key: 'card:22900003',
  label: 'Card machine ending 0001',
  terminal: { id: '22900003', named: true },
};

test('a German till report words a card machine the shop has not named in German, from the row, never its label', async () => {
  await i18n.changeLanguage('de-DE');
  try {
    assert.equal(tenderLabel(UNNAMED), 'Kartenterminal mit Endung 0001');
    assert.equal(tenderLabel(NAMED), 'By the door');
    assert.equal(tenderLabel(NAMED_LIKE_FALLBACK), 'Card machine ending 0001');
    // A Z closed before rows said which machine they were: its label, as it closed.
    assert.equal(tenderLabel({ key: UNNAMED.key, label: UNNAMED.label }), 'Card machine ending 0001');
  } finally {
    await i18n.changeLanguage('en-GB');
  }
  assert.equal(tenderLabel(UNNAMED), 'Card machine ending 0001');
  assert.equal(
    tenderLabel({ ...UNNAMED, terminal: { id: '22900077', named: false } }),
    'Card machine ending 0077',
  );
});

test('a German till report words cash, hand-keyed cards, an unknown card machine, nobody and no category', async () => {
  await i18n.changeLanguage('de-DE');
  try {
    assert.deepEqual([CASH, MANUAL, UNKNOWN_CARD].map(tenderLabel), [
      'Bargeld',
      'Karte von Hand eingegeben',
      'Kartenterminal unbekannt',
    ]);
    assert.equal(cashierLabel(NOBODY), 'niemand angemeldet');
    assert.equal(categoryLabel(NO_CATEGORY), 'Ohne Kategorie');
    // Names the shop gave are shown as they are.
    assert.equal(tenderLabel(NAMED), 'By the door');
    assert.equal(cashierLabel('Morgan'), 'Morgan');
    assert.equal(categoryLabel('Getränke'), 'Getränke');
  } finally {
    await i18n.changeLanguage('en-GB');
  }
  assert.deepEqual([CASH, MANUAL, UNKNOWN_CARD].map(tenderLabel), [
    CASH.label,
    MANUAL.label,
    UNKNOWN_CARD.label,
  ]);
});
