// Before → after for the trail: equal values compare equal whatever their keys' order, lists keep
// their order, only the fields that differ are kept (a field on one side only stays on that side),
// and settings flatten to dotted paths with lists (and any path asked) kept whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changedFields, flatten, sameValue } from '../../../electron/services/audit/values';

test('equal values: objects by their keys in any order, lists in order, no loose equality', () => {
  assert.equal(sameValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }), true);
  assert.equal(sameValue([1, 2], [2, 1]), false);
  assert.equal(sameValue({ a: 1 }, { a: 1, b: 2 }), false);
  assert.equal(sameValue({ a: 1, b: undefined }, { a: 1, c: undefined }), false);
  assert.equal(sameValue([], {}), false);
  assert.equal(sameValue({}, []), false);
  assert.equal(sameValue(null, {}), false);
  assert.equal(sameValue({}, null), false);
  assert.equal(sameValue(0, false), false);
  assert.equal(sameValue('1', 1), false);
  assert.equal(sameValue(null, null), true);
  assert.equal(sameValue({ a: { b: 1 } }, { a: { b: 2 } }), false);
});

test('only the fields that changed; a field on one side only is kept on that side', () => {
  assert.deepEqual(changedFields({ a: 1, b: 2, c: [1] }, { a: 1, b: 3, c: [1] }), {
    before: { b: 2 },
    after: { b: 3 },
  });
  assert.deepEqual(changedFields({ a: 1 }, { a: 1, pin: 'changed' }), {
    before: {},
    after: { pin: 'changed' },
  });
  assert.deepEqual(changedFields({ a: 1, gone: 'x' }, { a: 1 }), { before: { gone: 'x' }, after: {} });
  assert.deepEqual(changedFields({ a: null }, { a: 'x' }), { before: { a: null }, after: { a: 'x' } });
  assert.equal(changedFields({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }), null);
  assert.equal(changedFields({}, {}), null);
});

test('settings as dotted paths; lists and the paths asked for stay whole', () => {
  const settings = {
    shop: { name: 'Corner', addressLines: ['1 High St'] },
    payAtCounter: { mode: 'live', terminalNames: { '22900001': 'Till 1' } },
    printers: [{ name: 'Counter' }],
    kioskMode: false,
    missing: undefined,
    none: null,
  };
  assert.deepEqual(flatten(settings), {
    'shop.name': 'Corner',
    'shop.addressLines': ['1 High St'],
    'payAtCounter.mode': 'live',
    'payAtCounter.terminalNames.22900001': 'Till 1',
    printers: [{ name: 'Counter' }],
    kioskMode: false,
    none: null,
  });
  assert.deepEqual(flatten(settings, new Set(['payAtCounter.terminalNames']))['payAtCounter.terminalNames'], {
    '22900001': 'Till 1',
  });
});
