// The comparison alone: a journaled payment the card machine records with another amount, type or
// outcome is shown one by one and explains its part of the totals; what is left over is shown as
// money on one side only; manual entries match only when they add up exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compare, type CompareInput } from '../../../electron/services/reconciliation/compare';
import { compareInput as input, manualEntry as entry, paid } from './support';

test('an amount mismatch is one difference and leaves nothing unexplained', () => {
  const result = compare(
    input({
      terminal: { salesCount: 2, salesAmount: 1000 + 2500, refundsCount: 0, refundsAmount: 0 },
      journal: [paid('1', 1000), paid('2', 2000)],
      readBack: new Map([
        ['1', { type: 'SALE', result: 'SUCCESSFUL', amountTotal: 1000, transactionNumber: '0001' }],
        ['2', { type: 'SALE', result: 'SUCCESSFUL', amountTotal: 2500, transactionNumber: '0002' }],
      ]),
    }),
  );
  assert.equal(result.differences.length, 1);
  const [d] = result.differences;
  assert.equal(d!.kind, 'mismatch');
  assert.equal(d!.amount, 500);
  assert.equal(d!.receiptNumber, 'S000002');
  assert.deepEqual(d!.transactionNumbers, ['0002']);
  assert.match(d!.title, /£25\.00 where the till has a card payment of £20\.00/);
});

test('a type mismatch and a payment the card machine did not count', () => {
  const result = compare(
    input({
      terminal: { salesCount: 0, salesAmount: 0, refundsCount: 1, refundsAmount: 700 },
      journal: [paid('1', 700), paid('2', 900)],
      readBack: new Map([
        ['1', { type: 'REFUND', result: 'SUCCESSFUL', amountTotal: 700, transactionNumber: '0001' }],
        ['2', { type: 'SALE', result: 'VOID', amountTotal: 900, transactionNumber: '0002' }],
      ]),
    }),
  );
  assert.deepEqual(
    result.differences.map((d) => [d.kind, d.amount]),
    [
      ['mismatch', -1400],
      ['till_only', -900],
    ],
  );
});

test('left-over money on the card machine names the numbers the till never saw (banking)', () => {
  const result = compare(
    input({
      terminal: { salesCount: 2, salesAmount: 1500, refundsCount: 0, refundsAmount: 0 },
      numberRange: ['0004', '0007'],
      knownNumbers: new Set(['0004', '0005', '0007']),
      journal: [{ ...paid('1', 1000), transactionNumber: '0004' }],
    }),
  );
  assert.equal(result.differences.length, 1);
  assert.equal(result.differences[0]!.kind, 'terminal_only');
  assert.equal(result.differences[0]!.amount, 500);
  assert.deepEqual(result.differences[0]!.transactionNumbers, ['0006']);
});

test('manual entries match only when they add up exactly; settled money is not flagged again', () => {
  const surplus = { salesCount: 1, salesAmount: 800, refundsCount: 0, refundsAmount: 0 };
  const kinds = (over: Partial<CompareInput>) =>
    compare(input({ terminal: surplus, ...over })).differences.map((d) => [d.kind, d.amount]);
  assert.deepEqual(kinds({ manualEntries: [entry(1, 800)] }), [['manual_matched', 0]]);
  assert.deepEqual(kinds({ manualEntries: [entry(1, 799)] }), [
    ['manual_unmatched', -799],
    ['terminal_only', 800],
  ]);
  assert.deepEqual(kinds({ accounted: surplus }), []);
});
