// A till report's rows the services label in English (cash, cards keyed by hand, an unknown card
// machine, no cashier, no category) read in the shop's language; the shop's own names stay as given.
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
    assert.equal(tenderLabel({ key: 'card:22900001', label: 'By the door' }), 'By the door');
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
