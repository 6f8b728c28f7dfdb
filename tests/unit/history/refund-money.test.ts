// The money rules of an itemised refund on their own: a line given back unit by unit returns
// exactly what it was paid, and a basket discount's shares add up to the sale's total.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linePaidAmounts, refundWorth, worthOfUnits } from '../../../shared/refund-money';

test('unit by unit, a line gives back exactly what it was paid, rounded half up on the way', () => {
  for (const [paid, quantity] of [
    [1000, 3],
    [1, 3],
    [999, 7],
    [0, 2],
    [99_999_999, 9_999],
  ] as const) {
    let given = 0;
    for (let already = 0; already < quantity; already++) given += refundWorth(paid, quantity, already, 1);
    assert.equal(given, paid, `${paid} over ${quantity}`);
  }
  assert.equal(worthOfUnits(1000, 3, 1), 333);
  assert.equal(worthOfUnits(1000, 3, 2), 667); // 666.67 rounds up
  assert.equal(refundWorth(1000, 3, 2, 1), 333);
  assert.equal(worthOfUnits(5, 2, 1), 3); // 2.5 rounds half up
});

test('a basket discount is shared by the largest remainder and adds up to the total', () => {
  assert.deepEqual(linePaidAmounts([300, 300, 400], 1000), [300, 300, 400]);
  const shared = linePaidAmounts([100, 100, 100], 200);
  assert.equal(
    shared.reduce((a, b) => a + b, 0),
    200,
  );
  assert.deepEqual(shared, [67, 67, 66]);
});
