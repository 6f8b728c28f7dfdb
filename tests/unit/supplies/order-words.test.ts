// The order results' words around a refusal of the supplier: the refusal goes inside by its own
// key with its plain parameters (words nest one deep), or as its English when it has no key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { orderWords } from '../../../electron/services/supplies/order-words';

test('a refusal with a key goes inside by its key, with its plain parameters only', () => {
  const busy = new TillError('rate_limited', 'Busy. Try again in 3 seconds.', {
    words: {
      key: 'supplier.busy.seconds',
      params: { count: 3, where: { key: 'supplier.refused', english: 'Refused.' } },
    },
  });
  assert.deepEqual(orderWords.notPlaced(busy), {
    message: 'Nothing was ordered. Busy. Try again in 3 seconds.',
    words: {
      key: 'supplyOrder.notPlaced',
      params: {
        problem: {
          key: 'supplier.busy.seconds',
          english: 'Busy. Try again in 3 seconds.',
          params: { count: 3 },
        },
      },
    },
  });
});

test('a refusal without parameters has none; one without a key goes inside as its English', () => {
  const closed = new TillError('service_error', 'Closed.', { words: { key: 'supplier.maintenance.later' } });
  assert.deepEqual(orderWords.stillUnreachable(closed).words.params, {
    problem: { key: 'supplier.maintenance.later', english: 'Closed.' },
  });
  const plain = new TillError('unreachable', 'Gone.');
  assert.deepEqual(orderWords.notPlaced(plain).words.params, { problem: 'Gone.' });
});

test('a repeat counts its minutes for the plural, and says one minute as one', () => {
  assert.deepEqual(orderWords.repeat(1), {
    message: 'The same items to the same address were ordered 1 minute ago. Order them again?',
    words: { key: 'supplyOrder.repeat', params: { count: 1 } },
  });
  assert.equal(
    orderWords.repeat(7).message,
    'The same items to the same address were ordered 7 minutes ago. Order them again?',
  );
});
