// The History list when two searches are under way at once (the list shown on opening, and a
// receipt number typed straight after): the list shows the newest search whichever answers
// last, and a "more" asked for before a new search does not add the old list's page to it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryPage, SaleSummary } from '../../../shared/contract';
import { createHistoryStore } from '../../../renderer/src/state/history';
import { FakeTill } from './fake-till';

function summary(receiptNumber: string): SaleSummary {
  return {
    saleId: `sale-${receiptNumber}`,
    receiptNumber,
    currency: 'GBP',
    total: 1250,
    refunded: 0,
    tenderKinds: ['cash'],
    servedBy: null,
    createdAt: '2026-11-26T09:00:00.000Z',
    completedAt: '2026-11-26T09:00:05.000Z',
  };
}

/** A till whose searches answer only when the test says, in any order. */
function tillAnsweringLater() {
  const waiting: Array<{ input: unknown; answer: (page: HistoryPage) => void }> = [];
  const fake = new FakeTill().answer(
    'history.search',
    (input) => new Promise<HistoryPage>((answer) => waiting.push({ input, answer })),
  );
  return { fake, waiting };
}

const receipts = (sales: SaleSummary[]) => sales.map((s) => s.receiptNumber);

test('the list on opening answering after a receipt-number search does not replace it', async () => {
  const { fake, waiting } = tillAnsweringLater();
  const store = createHistoryStore(fake);
  const opening = store.getState().search({});
  const searching = store.getState().search({ receiptNumber: '0042' });
  assert.equal(waiting.length, 2);
  waiting[1]!.answer({ sales: [summary('0042')], next: null });
  await searching;
  waiting[0]!.answer({ sales: [summary('0043'), summary('0042')], next: 7 });
  await opening;
  assert.deepEqual(receipts(store.getState().sales), ['0042']);
  assert.deepEqual(store.getState().criteria, { receiptNumber: '0042' });
  assert.equal(store.getState().next, null);
});

test('searches answering in the order asked show the newest', async () => {
  const { fake, waiting } = tillAnsweringLater();
  const store = createHistoryStore(fake);
  const opening = store.getState().search({});
  waiting[0]!.answer({ sales: [summary('0043'), summary('0042')], next: null });
  await opening;
  assert.deepEqual(receipts(store.getState().sales), ['0043', '0042']);
  const searching = store.getState().search({ receiptNumber: '0042' });
  waiting[1]!.answer({ sales: [summary('0042')], next: null });
  await searching;
  assert.deepEqual(receipts(store.getState().sales), ['0042']);
});

test('a next page of the old list arriving after a new search is not added to it', async () => {
  const { fake, waiting } = tillAnsweringLater();
  const store = createHistoryStore(fake);
  const opening = store.getState().search({});
  waiting[0]!.answer({ sales: [summary('0050')], next: 3 });
  await opening;
  const more = store.getState().more();
  const searching = store.getState().search({ receiptNumber: '0050' });
  waiting[2]!.answer({ sales: [summary('0050')], next: null });
  await searching;
  waiting[1]!.answer({ sales: [summary('0049')], next: null });
  await more;
  assert.deepEqual(receipts(store.getState().sales), ['0050']);
  assert.deepEqual(waiting[1]!.input, { after: 3 });
});
