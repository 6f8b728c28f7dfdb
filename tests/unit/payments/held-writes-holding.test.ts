// A journal write that fails for lack of storage is held in memory: the payment reads as it would
// be, the top bar says the till cannot save, and the held writes are saved on the clock's retry,
// in the order they were made and once each. Nothing held is lost, and close() says what it drops.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { SAVE_RETRY_MS } from '../../../electron/services/payments/held-writes';
import { constraintFailed, diskFull, finishedRecord, heldWritesRig, type Rig } from './held-writes-harness';

let rig: Rig;
beforeEach(() => {
  rig = heldWritesRig();
});
afterEach(() => rig.close());

const errors = () => rig.logs.filter((l) => l.level === 'error').map((l) => l.message);

test('a write that fails for lack of space is held, read as it would be, and saved at the next retry', async () => {
  const id = rig.started();
  rig.failWith(diskFull());

  assert.equal(rig.journal.markPending(id), true);
  assert.equal(rig.held.isHeld(id), true);
  assert.equal(rig.held.heldCount, 1);
  assert.equal(rig.journal.get(id)?.state, 'pending');
  assert.equal(rig.disk.get(id)?.state, 'started');
  assert.equal(rig.health.status().state, 'full');

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS - 1);
  assert.equal(rig.disk.get(id)?.state, 'started', 'not before the retry is due');
  assert.equal(rig.held.isHeld(id), true);

  await rig.clock.advance(1);
  assert.equal(rig.disk.get(id)?.state, 'pending');
  assert.equal(rig.disk.get(id)?.transactionId, `tx-${id}`);
  assert.equal(rig.held.isHeld(id), false);
  assert.equal(rig.held.heldCount, 0);
  assert.equal(rig.journal.get(id)?.state, 'pending', 'read from the file once saved');
  assert.deepEqual(rig.saved, [id]);
  assert.equal(rig.health.status().state, 'ok');
  assert.deepEqual(errors(), []);
});

test('held writes are saved in the order they were made, each once', async () => {
  const id = rig.intent();
  rig.journal.markStarting(id);
  rig.failWith(diskFull());

  assert.equal(rig.journal.markStarted(id, 'tx-a'), true);
  assert.equal(rig.journal.markPending(id), true);
  rig.journal.saveNotifications(id, [{ code: 'CARD_INSERTED', seenAt: 1_000 }]);
  assert.equal(rig.journal.get(id)?.state, 'pending');
  assert.equal(rig.disk.get(id)?.state, 'starting');

  rig.failWith(null);
  const before = rig.writesToFile;
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.equal(rig.writesToFile - before, 3, 'three held writes, three writes to the file');
  const row = rig.disk.get(id);
  assert.equal(row?.state, 'pending');
  assert.equal(row?.transactionId, 'tx-a');
  assert.deepEqual(row?.notifications, [{ code: 'CARD_INSERTED', seenAt: 1_000 }]);
  assert.deepEqual(rig.saved, [id]);

  await rig.clock.advance(SAVE_RETRY_MS * 3);
  assert.equal(rig.writesToFile - before, 3, 'nothing is written again');
  assert.deepEqual(rig.saved, [id]);
});

test('a finished sale held in memory is saved with its money once storage works', async () => {
  const id = rig.started();
  rig.failWith(diskFull());
  assert.equal(rig.journal.saveFinished(id, finishedRecord(`tx-${id}`, 1000)), true);
  assert.equal(rig.journal.saveFinished(id, finishedRecord(`tx-${id}`, 1000)), false, 'saved once');
  assert.equal(rig.journal.get(id)?.state, 'finished');

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  const row = rig.disk.get(id);
  assert.equal(row?.state, 'finished');
  assert.equal(row?.result, 'SUCCESSFUL');
  assert.equal(row?.record?.amountTotal, 1000);
});

test('while storage still fails, each retry keeps everything held and tries again later', async () => {
  const id = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(id);

  for (let retry = 0; retry < 3; retry++) {
    await rig.clock.advance(SAVE_RETRY_MS);
    assert.equal(rig.held.isHeld(id), true);
    assert.equal(rig.disk.get(id)?.state, 'started');
    assert.equal(rig.journal.get(id)?.state, 'pending');
  }
  assert.deepEqual(rig.saved, []);

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.equal(rig.disk.get(id)?.state, 'pending');
  assert.deepEqual(rig.saved, [id]);
});

test('flush says whether everything is saved, and a failed flush still retries on the clock', async () => {
  const id = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(id);

  assert.equal(rig.held.flush(), false);
  assert.equal(rig.held.isHeld(id), true);
  assert.equal(rig.journal.get(id)?.state, 'pending');
  assert.equal(rig.disk.get(id)?.state, 'started');

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.equal(rig.disk.get(id)?.state, 'pending', 'the retry after the failed flush saved it');
  assert.deepEqual(rig.saved, [id]);
});

test('flush saves what is held at once and says so', () => {
  const id = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(id);
  rig.failWith(null);

  assert.equal(rig.held.flush(), true);
  assert.equal(rig.disk.get(id)?.state, 'pending');
  assert.equal(rig.held.isHeld(id), false);
  assert.deepEqual(rig.saved, [id]);
  assert.equal(rig.health.status().state, 'ok');
});

test('retries are due SAVE_RETRY_MS after the first held write, however many follow', async () => {
  const id = rig.intent();
  rig.journal.markStarting(id);
  rig.failWith(diskFull());
  rig.journal.markStarted(id, 'tx-a');
  await rig.clock.advance(SAVE_RETRY_MS - 500);
  rig.journal.markPending(id);
  rig.failWith(null);

  await rig.clock.advance(500);
  assert.equal(rig.disk.get(id)?.state, 'pending');
  assert.deepEqual(rig.saved, [id]);
});

test('a till given its own retry pace retries at that pace', async () => {
  rig.close();
  rig = heldWritesRig({ retryMs: 500 });
  const id = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(id);
  rig.failWith(null);

  await rig.clock.advance(499);
  assert.equal(rig.disk.get(id)?.state, 'started');
  await rig.clock.advance(1);
  assert.equal(rig.disk.get(id)?.state, 'pending');
});

test('a later write of a held payment is held behind the earlier one even once storage works', async () => {
  const id = rig.intent();
  rig.journal.markStarting(id);
  rig.failWith(diskFull());
  rig.journal.markStarted(id, 'tx-a');
  rig.failWith(null);

  assert.equal(rig.journal.markPending(id), true);
  assert.equal(rig.held.isHeld(id), true);
  assert.equal(rig.disk.get(id)?.state, 'starting', 'nothing overtakes the held write');
  assert.equal(rig.journal.get(id)?.state, 'pending');

  await rig.clock.advance(SAVE_RETRY_MS);
  assert.equal(rig.disk.get(id)?.state, 'pending');
  assert.equal(rig.disk.get(id)?.transactionId, 'tx-a');
});

test('two payments held at once are each read as they would be and both saved', async () => {
  const first = rig.started();
  const second = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(first);
  rig.journal.setProblem(second, 'Card machine busy');

  assert.equal(rig.held.heldCount, 2);
  assert.equal(rig.journal.get(first)?.state, 'pending');
  assert.equal(rig.journal.get(second)?.problem, 'Card machine busy');
  assert.equal(rig.journal.get(second)?.state, 'started');

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.equal(rig.disk.get(first)?.state, 'pending');
  assert.equal(rig.disk.get(second)?.problem, 'Card machine busy');
  assert.deepEqual(rig.saved, [first, second]);
  assert.equal(rig.held.heldCount, 0);
});

/** A write of another payment that works: set up before storage fails, made after it works again. */
const writesThatWork: Array<[string, (r: Rig) => () => void]> = [
  ['a new intent', (r) => () => void r.intent()],
  [
    'a write of another payment',
    (r) => {
      const other = r.started();
      return () => void r.journal.markPending(other);
    },
  ],
  [
    "another payment's 'starting' mark",
    (r) => {
      const other = r.intent();
      return () => void r.journal.markStarting(other);
    },
  ],
];

for (const [what, prepare] of writesThatWork) {
  test(`once ${what} saves again, the top bar says so and what is held is saved straight away`, async () => {
    const id = rig.started();
    const writeThatWorks = prepare(rig);
    rig.failWith(diskFull());
    rig.journal.markPending(id);
    rig.failWith(null);
    assert.equal(rig.health.status().state, 'full');

    writeThatWorks();
    assert.equal(rig.health.status().state, 'ok');
    assert.equal(rig.disk.get(id)?.state, 'started');
    await rig.clock.advance(0);
    assert.equal(rig.disk.get(id)?.state, 'pending', 'saved without waiting for the retry');
    assert.deepEqual(rig.saved, [id]);
  });
}

test('a write the database refuses for another reason is not held: its error reaches the caller', () => {
  const id = rig.started();
  rig.failNextWith(constraintFailed());

  assert.throws(() => rig.journal.markPending(id), { code: 'SQLITE_CONSTRAINT_CHECK' });
  assert.equal(rig.held.isHeld(id), false);
  assert.equal(rig.health.status().state, 'ok');
  assert.equal(rig.journal.get(id)?.state, 'started');
  assert.equal(rig.journal.markPending(id), true);
  assert.equal(rig.disk.get(id)?.state, 'pending');
});

test('a held write the database refuses once saving works is logged and skipped; the rest are saved', async () => {
  const first = rig.intent();
  rig.journal.markStarting(first);
  const second = rig.intent();
  rig.journal.markStarting(second);
  rig.failWith(diskFull());
  rig.journal.markStarted(first, 'tx-same');
  rig.journal.setProblem(first, 'Waiting for the card');
  rig.failWith(null);
  // The other payment takes the transaction id first: the held write breaks the unique index.
  assert.equal(rig.journal.markStarted(second, 'tx-same'), true);

  await rig.clock.advance(0);
  assert.equal(rig.held.isHeld(first), false);
  assert.deepEqual(rig.saved, [first]);
  assert.equal(rig.disk.get(first)?.state, 'starting');
  assert.equal(rig.disk.get(first)?.problem, 'Waiting for the card');
  assert.deepEqual(errors(), [`A held write (markStarted) of card payment ${first} was refused`]);
  assert.equal(rig.health.status().state, 'ok');
});

test('a held write for a payment the journal does not have changes nothing', async () => {
  rig.failWith(diskFull());
  assert.equal(rig.journal.markPending('pay-unknown'), false);
  assert.equal(rig.journal.get('pay-unknown'), null);
  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  assert.equal(rig.held.isHeld('pay-unknown'), false);
  assert.equal(rig.disk.get('pay-unknown'), null);
});

test('closing with writes held stops the retries and says in the log which payments lost steps', async () => {
  const first = rig.started();
  const second = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(first);
  rig.journal.markPending(second);

  rig.held.close();
  assert.equal(rig.held.heldCount, 0);
  assert.equal(rig.held.isHeld(first), false);
  assert.deepEqual(errors(), [
    `Closing with unsaved steps of 2 card payment(s): ${first}, ${second}. The next start reads them again from the card service.`,
  ]);

  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS * 2);
  assert.equal(rig.disk.get(first)?.state, 'started', 'no retry after close');
  assert.deepEqual(rig.saved, []);
});

test('closing with nothing held logs nothing', async () => {
  const id = rig.started();
  rig.failWith(diskFull());
  rig.journal.markPending(id);
  rig.failWith(null);
  await rig.clock.advance(SAVE_RETRY_MS);
  rig.held.close();
  assert.deepEqual(errors(), []);
  assert.equal(rig.disk.get(id)?.state, 'pending');
});
