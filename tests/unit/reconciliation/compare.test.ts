// The comparison alone: a journaled payment the card machine records with another amount, type or
// outcome is shown one by one and explains its part of the totals; what is left over is shown as
// money on one side only; manual entries match only when they add up exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  compare,
  type CompareInput,
  type TillPayment,
} from '../../../electron/services/reconciliation/compare';
import { compareInput as input, manualEntry as entry, paid, totals } from './support';

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

const record = (type: string, result: string, amountTotal: number, transactionNumber = '0001') => ({
  type,
  result,
  amountTotal,
  transactionNumber,
});
const declined = (id: string, amount: number): TillPayment => ({ ...paid(id, amount), paid: false });
const differences = (over: Partial<CompareInput>) =>
  compare(input(over)).differences.map((d) => [d.kind, d.amount, d.transactionNumbers]);

test('a payment declined on both sides agrees, whatever amount each recorded', () => {
  assert.deepEqual(
    differences({
      journal: [declined('1', 700)],
      readBack: new Map([['1', record('SALE', 'TRANSACTION_UNSUCCESSFUL', 500)]]),
    }),
    [],
  );
});

test('a refund the card machine did not count leaves the money with the shop: a positive difference', () => {
  const result = compare(
    input({
      terminal: totals(0, 0, 0, 0),
      journal: [paid('1', 400, 'REFUND')],
      readBack: new Map([['1', record('REFUND', 'VOID', 400, '0009')]]),
    }),
  );
  assert.deepEqual(result.till, totals(0, 0, 1, 400));
  assert.deepEqual(
    result.differences.map((d) => [d.kind, d.amount, d.transactionNumbers]),
    [['till_only', 400, ['0009']]],
  );
  assert.match(
    result.differences[0]!.title,
    /^The till has a refund of £4\.00 \(sale S000001\) that the card/,
  );
});

test('a decline in the till the card machine approved is its one difference, nothing left over', () => {
  const result = compare(
    input({
      terminal: totals(1, 1500),
      journal: [declined('1', 1500)],
      readBack: new Map([['1', record('SALE', 'SUCCESSFUL', 1500, '0003')]]),
    }),
  );
  assert.deepEqual(result.till, totals(0, 0));
  assert.deepEqual(
    result.differences.map((d) => [d.kind, d.amount, d.transactionNumbers]),
    [['terminal_only', 1500, ['0003']]],
  );
  assert.match(
    result.differences[0]!.title,
    /took £15\.00 on a card payment \(sale S000001\) the till has as not paid/,
  );
});

test('manual entries that do not add up to the surplus, or one entry for several sales, stay unmatched', () => {
  const kinds = (terminal: ReturnType<typeof totals>, amounts: number[]) =>
    compare(input({ terminal, manualEntries: amounts.map((a, i) => entry(i + 1, a)) })).differences.map(
      (d) => [d.kind, d.amount],
    );
  // Two entries adding up to one sale's amount: neither is that sale.
  assert.deepEqual(kinds(totals(1, 800), [300, 500]), [
    ['manual_unmatched', -300],
    ['manual_unmatched', -500],
    ['terminal_only', 800],
  ]);
  // One entry equal to what two sales add up to.
  assert.deepEqual(kinds(totals(2, 1000), [1000]), [
    ['manual_unmatched', -1000],
    ['terminal_only', 1000],
  ]);
  // Both together are exactly two sales: matched.
  assert.deepEqual(kinds(totals(2, 800), [300, 500]), [
    ['manual_matched', 0],
    ['manual_matched', 0],
  ]);
});

test('money on one side only is named by side; the card machine’s unseen numbers go with its own surplus', () => {
  // The till has one sale more but the same money: neither side alone.
  assert.deepEqual(differences({ terminal: totals(1, 1000), journal: [paid('1', 600), paid('2', 400)] }), [
    ['mismatch', 0, []],
  ]);
  // The till has more: no card machine numbers belong to that.
  assert.deepEqual(
    differences({
      terminal: totals(1, 1000),
      journal: [paid('1', 1000), paid('2', 250)],
      numberRange: ['0001', '0002'],
      knownNumbers: new Set(['0001']),
    }),
    [['till_only', -250, []]],
  );
});

test('numbers the till knows without leading zeros are not listed as unseen', () => {
  assert.deepEqual(
    differences({
      terminal: totals(1, 100),
      numberRange: ['0004', '0006'],
      knownNumbers: new Set(['4', '0006']),
    }),
    [['terminal_only', 100, ['0005']]],
  );
});

test('a refund the card machine approved but the till has as not paid takes the money from the shop', () => {
  assert.deepEqual(
    differences({
      terminal: totals(0, 0, 1, 400),
      journal: [{ ...declined('1', 400), type: 'REFUND' }],
      readBack: new Map([['1', record('REFUND', 'SUCCESSFUL', 400, '0008')]]),
    }),
    [['terminal_only', -400, ['0008']]],
  );
});

test('a refund recorded for another amount differs by what the shop gave back more or less', () => {
  // The card machine gave back £5.00 where the till refunded £4.00: the shop holds £1.00 less.
  assert.deepEqual(
    differences({
      terminal: totals(0, 0, 1, 500),
      journal: [paid('1', 400, 'REFUND')],
      readBack: new Map([['1', record('REFUND', 'SUCCESSFUL', 500, '0002')]]),
    }),
    [['mismatch', -100, ['0002']]],
  );
});

test('a difference without a transaction number from the card machine lists none', () => {
  const withoutNumber = { ...record('SALE', 'SUCCESSFUL', 900), transactionNumber: null };
  assert.deepEqual(
    differences({
      terminal: totals(1, 900),
      journal: [paid('1', 1000)],
      readBack: new Map([['1', withoutNumber]]),
    }),
    [['mismatch', -100, []]],
  );
  // Manual entries and a surplus with no banking range carry no numbers either.
  assert.deepEqual(differences({ terminal: totals(2, 700), manualEntries: [entry(1, 999)] }), [
    ['manual_unmatched', -999, []],
    ['terminal_only', 700, []],
  ]);
});

test('the banking range lists a single number, and no numbers when it is backwards or too long', () => {
  const unseen = (numberRange: [string, string]) =>
    compare(input({ terminal: totals(1, 100), numberRange })).differences[0]!.transactionNumbers;
  assert.deepEqual(unseen(['0005', '0005']), ['0005']);
  assert.deepEqual(unseen(['0007', '0005']), []);
  assert.deepEqual(unseen(['x', '0005']), []);
  // Up to 10,000 numbers past the first are listed; a longer range is not a real session.
  assert.equal(unseen(['00000', '10000']).length, 10_001);
  assert.deepEqual(unseen(['00000', '10001']), []);
  assert.deepEqual(unseen(['6000', '6003']), ['6000', '6001', '6002', '6003']);
});

test('one manual entry equal to the single unexplained sale is matched, the others are not', () => {
  assert.deepEqual(
    compare(
      input({ terminal: totals(1, 800), manualEntries: [entry(1, 300), entry(2, 800)] }),
    ).differences.map((d) => [d.kind, d.amount, d.tenderId]),
    [
      ['manual_unmatched', -300, 1],
      ['manual_matched', 0, 2],
    ],
  );
});

test('what to do next names the side the card machine has more of', () => {
  const next = (terminal: ReturnType<typeof totals>) =>
    compare(input({ terminal })).differences.map((d) => d.detailWords?.key);
  assert.deepEqual(next(totals(1, 500)), ['reconciliation.detail.salesOnMachineOnly']);
  assert.deepEqual(next(totals(0, 0, 1, 500)), ['reconciliation.detail.refundsOnMachineOnly']);
});

test('the same number of sales with less money on the card machine is a mismatch of totals', () => {
  const result = compare(input({ terminal: totals(1, 1000), journal: [paid('1', 1200)] }));
  assert.deepEqual(
    result.differences.map((d) => [d.kind, d.amount, d.title]),
    [['mismatch', -200, 'The card machine’s sales differ from the till’s by £2.00']],
  );
});
