// The Card checks screen's words for a difference: the check comes from the real reconciliation
// service, crosses the contract as the till's reply does (the method's schema, then JSON), lands in
// the screen's store, and the screen's words for it follow the shop's language. A check kept
// before differences carried their keys still shows its English.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DifferenceView } from '../../../shared/contract';
import { i18n } from '../../../renderer/src/i18n';
import { differenceWords } from '../../../renderer/src/screens/reconciliation/difference-words';
import { createReconciliationStore } from '../../../renderer/src/state/reconciliation';
import { harness, journal, totals, xReport } from '../reconciliation/support';
import { answerAsSent, FakeTill } from './fake-till';

const SINCE = '2025-03-10T08:00:00.000Z';

/** A store whose till runs the real service's checks on these card machine totals, one per check. */
function storeChecking(...reports: Array<ReturnType<typeof totals>>) {
  const h = harness();
  h.reports.push(...reports.map((t) => xReport(t, SINCE)));
  const fake = new FakeTill().answer('reconciliation.check', async (input) =>
    answerAsSent(
      'reconciliation.check',
      input,
      await h.service.check(input.terminalId, input.source ?? 'X_BAL'),
    ),
  );
  return { h, store: createReconciliationStore(fake) };
}

async function inGerman<T>(read: () => T): Promise<T> {
  await i18n.changeLanguage('de-DE');
  try {
    return read();
  } finally {
    await i18n.changeLanguage('en-GB');
  }
}

const shown = (store: ReturnType<typeof storeChecking>['store']) =>
  store.getState().current!.differences.map((d) => differenceWords(d));

test('a sale only on the card machine: English in an English till, German in a German one', async () => {
  const { h, store } = storeChecking(totals(1, 1234));
  try {
    await store.getState().check('22900001', 'X_BAL');
    assert.equal(store.getState().problem, null);
    assert.deepEqual(
      shown(store).map((w) => w.title),
      ['1 sale of £12.34 on the card machine is not in the till'],
    );
    const german = await inGerman(() => shown(store));
    assert.deepEqual(
      german.map((w) => w.title),
      ['1 Verkauf über 12,34\u00a0£ auf dem Kartenterminal ist nicht in der Kasse'],
    );
    assert.match(german[0]!.detail, /^Wahrscheinlich direkt am Kartenterminal eingegeben\./);
  } finally {
    h.close();
  }
});

test('the same amount but one sale more in the till: the number of sales differs, in either language', async () => {
  const { h, store } = storeChecking(totals(1, 2000));
  try {
    journal(h, { id: 'p1', amount: 1000, at: Date.parse('2025-03-10T08:30:00.000Z') });
    journal(h, { id: 'p2', amount: 1000, at: Date.parse('2025-03-10T08:40:00.000Z') });
    await store.getState().check('22900001', 'X_BAL');
    assert.deepEqual(
      shown(store).map((w) => w.title),
      [
        'The card machine and the till agree on the amount but not on the number of sales: 1 sale more in the till',
      ],
    );
    assert.deepEqual(
      (await inGerman(() => shown(store))).map((w) => w.title),
      [
        'Kartenterminal und Kasse stimmen beim Betrag überein, aber nicht bei der Anzahl der Verkäufe: 1 Verkauf mehr in der Kasse',
      ],
    );
  } finally {
    h.close();
  }
});

test('a difference kept without its keys shows its English', async () => {
  const old: DifferenceView = {
    id: 'sales:terminal_only',
    kind: 'terminal_only',
    title: '1 sale of £12.34 on the card machine is not in the till',
    detail: 'Find the slip.',
    amount: 1234,
    receiptNumber: null,
    transactionNumbers: [],
    resolution: null,
  };
  assert.deepEqual(await inGerman(() => differenceWords(old)), { title: old.title, detail: old.detail });
});
