// What staff read when an approval does not match (a figure with no currency, an odd kind of
// payment, no result at all) and the key of "no result"; how the terminal watch backs off when
// the machine cannot be read; and that held journal writes are retried at the pace configured.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { ApprovalMismatch } from '../../../electron/services/payments/approval-check';
import { mismatchText, notificationWord, resultWord } from '../../../electron/services/payments/wording';
import { TillError } from '../../../shared/contract/errors';
import { scriptedRig, stateOnDisk, TERMINAL, type Rig } from './scripted-card-machine';
import { waitUntil } from './support';

const asked = { type: 'SALE' as const, amount: 133, currency: 'GBP', refundableLeft: null };
const answered = {
  type: 'SALE',
  result: 'SUCCESSFUL',
  currency: 'GBP',
  base: 133,
  cashback: 0,
  gratuity: 0,
  total: 133,
};
const mismatch = (m: Omit<ApprovalMismatch, 'asked'> & { asked?: ApprovalMismatch['asked'] }) =>
  mismatchText({ asked, ...m });

describe('mismatch words', () => {
  test('a figure the card machine gave without a currency is written plainly, saying so', () => {
    assert.equal(
      mismatch({ reason: 'currency', answered: { ...answered, currency: null } }),
      'The card machine approved 1.33 (no currency given), but the till asked for £1.33. Ask a manager before giving goods or trying again.',
    );
  });

  test('a refund approved where a sale was asked is named a refund', () => {
    assert.equal(
      mismatch({ reason: 'type', answered: { ...answered, type: 'REFUND' } }),
      'The card machine approved a refund of £1.33, but the till asked for a sale of £1.33. Ask a manager before giving goods or trying again.',
    );
  });

  test('a kind of payment the till does not know is quoted as the machine named it', () => {
    assert.equal(
      mismatch({ reason: 'type', answered: { ...answered, type: 'PREAUTH' } }),
      'The card machine approved “PREAUTH” of £1.33, but the till asked for a sale of £1.33. Ask a manager before giving goods or trying again.',
    );
  });

  test('a payment the machine gave no kind for is called an unnamed kind of payment', () => {
    assert.equal(
      mismatch({ reason: 'type', answered: { ...answered, type: null } }),
      'The card machine approved an unnamed kind of payment of £1.33, but the till asked for a sale of £1.33. Ask a manager before giving goods or trying again.',
    );
  });

  test('no result at all reads “nothing”, and is not recorded as paid', () => {
    assert.equal(
      mismatch({ reason: 'undocumented_result', answered: { ...answered, result: null } }),
      'The card machine answered “nothing”, a result the till does not know, for £1.33; the till asked for £1.33. It is not recorded as paid. Ask a manager before giving goods or trying again.',
    );
  });

  test('no final result has the key "none" and reads "No result"', () => {
    assert.deepEqual(resultWord(null), { key: 'payment.result.none', english: 'No result' });
  });

  test('a code made of characters no key may hold is keyed "unlisted" and shown as it came', () => {
    assert.deepEqual(notificationWord('PIN ENTRY!'), {
      key: 'payment.notification.unlisted',
      english: 'PIN ENTRY!',
    });
    assert.deepEqual(resultWord('DONE-ISH'), { key: 'payment.result.unlisted', english: 'DONE-ISH' });
  });
});

describe('after an unclear start', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  test('a terminal that cannot be read is read again after 0.5 s, then 1 s, then 2 s', async () => {
    rig = scriptedRig();
    const unreadable = new TillError('service_error', 'The card service failed.');
    rig.machine.terminalAnswers = [unreadable, unreadable, unreadable, 'BUSY'];
    rig.machine.startFailure = new TillError('service_error', 'The card service failed.');
    const p = await rig.service.startSale({
      saleId: 's-watch',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    assert.equal(p.state, 'unknown');
    const reads = () => rig.machine.count('terminal');
    await waitUntil(() => reads() === 1, 'the first terminal read', 2_000);
    for (const [wait, after] of [
      [500, 2],
      [1_000, 3],
      [2_000, 4],
    ] as const) {
      await rig.clock.advance(wait - 1);
      assert.equal(reads(), after - 1, `no read before ${wait} ms`);
      await rig.clock.advance(1);
      assert.equal(reads(), after, `a read after ${wait} ms`);
    }
    const busy = rig.events.filter(
      (e) => e.type === 'unknown' && e.paymentId === p.id && e.terminalStatus === 'BUSY',
    );
    assert.equal(busy.length, 1);
  });
});

describe('writes held while the disk is full', () => {
  let rig: Rig;
  afterEach(() => rig.cleanup());

  test('are saved after the retry time the till was given, not the default', async () => {
    rig = scriptedRig({ saveRetryMs: 50, polling: { firstPollMs: 10_000 } });
    rig.machine.holdStarts();
    const starting = rig.service.startSale({
      saleId: 's-held',
      terminalId: TERMINAL,
      amount: 1000,
      currency: 'GBP',
    });
    await waitUntil(() => rig.machine.startsWaiting === 1, 'the start to reach the card machine', 2_000);
    rig.setDiskFull(true);
    rig.machine.releaseStarts();
    const p = await starting;
    assert.equal(p.state, 'started');
    assert.equal(stateOnDisk(rig.db, p.id), 'starting');
    rig.setDiskFull(false);
    await rig.clock.advance(49);
    assert.equal(stateOnDisk(rig.db, p.id), 'starting');
    await rig.clock.advance(1);
    assert.equal(stateOnDisk(rig.db, p.id), 'started');
  });
});
