// The order in which a card machine's new notifications are taken in, case by case: codes already
// seen anchor the direction of the list, and with none seen the first code listed decides
// (a start code means oldest first, a finishing code or an unknown one means newest first).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newNotificationsInOrder } from '../../../electron/services/payments/notification-order';

test('a list with nothing new gives nothing new, whatever its direction', () => {
  assert.deepEqual(newNotificationsInOrder(['PRESENT_CARD'], ['PRESENT_CARD']), []);
  assert.deepEqual(
    newNotificationsInOrder(['CONNECTING', 'PRESENT_CARD'], ['PRESENT_CARD', 'CONNECTING']),
    [],
  );
  assert.deepEqual(newNotificationsInOrder([], []), []);
});

test('codes already seen are not taken in again, and their place shows the direction', () => {
  // Oldest first: the code seen comes before the new ones.
  assert.deepEqual(newNotificationsInOrder(['PLEASE_WAIT', 'CONNECTING', 'APPROVED'], ['PLEASE_WAIT']), [
    'CONNECTING',
    'APPROVED',
  ]);
  // Newest first: the new ones come before the code seen.
  assert.deepEqual(newNotificationsInOrder(['APPROVED', 'CONNECTING', 'PLEASE_WAIT'], ['PLEASE_WAIT']), [
    'CONNECTING',
    'APPROVED',
  ]);
  // One new code after one seen.
  assert.deepEqual(newNotificationsInOrder(['CONNECTING', 'PLEASE_WAIT'], ['PLEASE_WAIT']), ['CONNECTING']);
});

test('with nothing seen, a list starting with a start code is oldest first', () => {
  for (const first of ['PRESENT_CARD', 'INSERT_CARD', 'REPORT_STARTED']) {
    assert.deepEqual(newNotificationsInOrder([first, 'PLEASE_WAIT', 'CONNECTING'], []), [
      first,
      'PLEASE_WAIT',
      'CONNECTING',
    ]);
  }
});

test('with nothing seen, a list starting with a finishing code is newest first', () => {
  for (const last of ['TRANSACTION_FINISHED', 'REPORT_FINISHED']) {
    assert.deepEqual(newNotificationsInOrder([last, 'APPROVED', 'CONNECTING'], []), [
      'CONNECTING',
      'APPROVED',
      last,
    ]);
  }
});

test('with nothing seen and no start or finishing code first, the list is read as newest first (Connect)', () => {
  assert.deepEqual(newNotificationsInOrder(['CONNECTING', 'PLEASE_WAIT'], []), ['PLEASE_WAIT', 'CONNECTING']);
});
