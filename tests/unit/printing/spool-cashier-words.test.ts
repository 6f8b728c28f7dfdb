// The cashier's actions on print jobs and the words they read: a reprint of an uncertain receipt
// marks it 'reprinted' and clears its check, a reprint of a printed one leaves it as it was; what
// cannot be retried, cancelled or reprinted is refused in the staff's words and nothing prints
// twice; a cancelled job never prints, even when cancelled while the printer was being asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { PAPER_END, READY, openScriptedSpool, type ScriptedSpool } from './scripted-spool';

function refusedWith(expected: { code: string; message: string; words: unknown }) {
  return (error: unknown) => {
    assert.ok(error instanceof TillError, `a TillError, not ${String(error)}`);
    assert.equal(error.code, expected.code);
    assert.equal(error.message, expected.message);
    assert.deepEqual(error.words, expected.words);
    return true;
  };
}

async function uncertainJob(run: ScriptedSpool, id: string) {
  run.counter.failNextWith('confirm', 'timeout', 'printer did not confirm printing');
  run.enqueue(id);
  return run.until(id, (j) => j.state === 'uncertain');
}

test('reprinting an uncertain receipt marks it reprinted and checked; the original is never resent', async () => {
  const run = await openScriptedSpool();
  try {
    const uncertain = await uncertainJob(run, 'r-1');
    assert.equal(uncertain.needsCheck, true);
    const copy = run.spool.reprint('r-1');
    await run.until(copy.id, (j) => j.state === 'printed');
    const original = run.spool.get('r-1')!;
    assert.equal(original.state, 'uncertain');
    assert.equal(original.reason, 'reprinted');
    assert.equal(original.needsCheck, false);
    assert.equal(run.spool.printerStatus()[0]!.uncertain, 0);
    assert.deepEqual(
      run.counter.written.map((w) => w.text),
      ['Receipt r-1', 'DUPLICATE Receipt r-1'],
    );
  } finally {
    await run.close();
  }
});

test('an uncertain receipt someone already checked is still marked reprinted when reprinted', async () => {
  const run = await openScriptedSpool();
  try {
    await uncertainJob(run, 'r-1');
    run.spool.markChecked('r-1');
    run.spool.reprint('r-1');
    const original = run.spool.get('r-1')!;
    assert.equal(original.reason, 'reprinted');
    assert.equal(original.needsCheck, false);
  } finally {
    await run.close();
  }
});

test('reprinting a COPY resend clears its check but does not call it reprinted', async () => {
  const run = await openScriptedSpool();
  try {
    run.counter.failNextWith('confirm', 'closed', 'connection lost');
    run.enqueue('r-1');
    const printed = await run.until('r-1', (j) => j.state === 'printed');
    assert.equal(printed.needsCheck, true);
    run.spool.reprint('r-1');
    const original = run.spool.get('r-1')!;
    assert.equal(original.state, 'printed');
    assert.equal(original.reason, null);
    assert.equal(original.needsCheck, false);
    assert.equal(run.spool.printerStatus()[0]!.uncertain, 0);
  } finally {
    await run.close();
  }
});

test('reprinting or marking a receipt that printed normally leaves it exactly as it was', async () => {
  const run = await openScriptedSpool();
  try {
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'printed');
    const before = run.spool.get('r-1')!;
    await run.pass(5000);
    const events = run.events.length;
    run.spool.markChecked('r-1');
    const copy = run.spool.reprint('r-1');
    assert.deepEqual(run.spool.get('r-1'), before);
    assert.deepEqual(
      run.events.slice(events).map((e) => (e.type === 'job' ? `${e.job.id}:${e.job.state}` : e.type)),
      [`${copy.id}:queued`],
      'only the new DUPLICATE job is announced',
    );
  } finally {
    await run.close();
  }
});

test('a new receipt is announced as queued before anything is sent', async () => {
  const run = await openScriptedSpool();
  try {
    run.enqueue('r-1');
    const first = run.events.find((e) => e.type === 'job');
    assert.equal(first?.type === 'job' && `${first.job.id}:${first.job.state}`, 'r-1:queued');
  } finally {
    await run.close();
  }
});

test('a printed receipt cannot be retried or cancelled, in the staff words, and prints only once', async () => {
  const run = await openScriptedSpool();
  try {
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'printed');
    const printedWord = { key: 'printing.jobState.printed', english: 'printed' };
    assert.throws(
      () => run.spool.retry('r-1'),
      refusedWith({
        code: 'conflict',
        message: 'Only a held or failed print job can be retried (this one is printed).',
        words: { key: 'printing.retryOnly', params: { state: printedWord } },
      }),
    );
    assert.throws(
      () => run.spool.cancel('r-1'),
      refusedWith({
        code: 'conflict',
        message: 'A print job that is printed cannot be cancelled.',
        words: { key: 'printing.cancelOnly', params: { state: printedWord } },
      }),
    );
    await run.pass(3000);
    assert.equal(run.counter.written.length, 1);
    assert.equal(run.spool.get('r-1')!.state, 'printed');
  } finally {
    await run.close();
  }
});

test('a held receipt cannot be reprinted, in the staff words', async () => {
  const run = await openScriptedSpool();
  try {
    run.counter.reading = PAPER_END;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'held');
    assert.throws(
      () => run.spool.reprint('r-1'),
      refusedWith({
        code: 'conflict',
        message: 'Only a printed or uncertain receipt can be reprinted (this one is held).',
        words: {
          key: 'printing.reprintOnly',
          params: { state: { key: 'printing.jobState.held', english: 'held' } },
        },
      }),
    );
    assert.equal(run.spool.list().length, 1, 'no DUPLICATE was queued');
  } finally {
    await run.close();
  }
});

test('a failed receipt cannot be reprinted, nor a cancelled one retried or cancelled again, in the staff words', async () => {
  const run = await openScriptedSpool();
  try {
    run.counter.failNext('write', new TypeError('the USB library is not loaded'));
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'failed');
    const failedWord = { key: 'printing.jobState.failed', english: 'failed' };
    assert.throws(
      () => run.spool.reprint('r-1'),
      refusedWith({
        code: 'conflict',
        message: 'Only a printed or uncertain receipt can be reprinted (this one is failed).',
        words: { key: 'printing.reprintOnly', params: { state: failedWord } },
      }),
    );
    run.spool.cancel('r-1');
    const cancelledWord = { key: 'printing.jobState.cancelled', english: 'cancelled' };
    assert.throws(
      () => run.spool.retry('r-1'),
      refusedWith({
        code: 'conflict',
        message: 'Only a held or failed print job can be retried (this one is cancelled).',
        words: { key: 'printing.retryOnly', params: { state: cancelledWord } },
      }),
    );
    assert.throws(
      () => run.spool.cancel('r-1'),
      refusedWith({
        code: 'conflict',
        message: 'A print job that is cancelled cannot be cancelled.',
        words: { key: 'printing.cancelOnly', params: { state: cancelledWord } },
      }),
    );
    await run.pass(3000);
    assert.equal(run.counter.written.length, 0);
  } finally {
    await run.close();
  }
});

test('a job that is gone is named so for every action', async () => {
  const run = await openScriptedSpool();
  try {
    const gone = refusedWith({
      code: 'not_found',
      message: 'That print job is no longer in the queue.',
      words: { key: 'printing.jobGone' },
    });
    assert.throws(() => run.spool.retry('nope'), gone);
    assert.throws(() => run.spool.cancel('nope'), gone);
    assert.throws(() => run.spool.reprint('nope'), gone);
    assert.throws(() => run.spool.markChecked('nope'), gone);
  } finally {
    await run.close();
  }
});

test('queued, held, failed and uncertain jobs can all be cancelled, and a cancelled job never prints', async () => {
  const run = await openScriptedSpool({
    timing: { backoffBaseMs: 60_000, backoffMaxMs: 60_000, maxInterruptedAttempts: 2 },
  });
  try {
    // failed: both its allowed attempts were cut
    run.counter.failNextWith('write', 'closed', 'connection lost');
    run.counter.failNextWith('write', 'closed', 'connection lost');
    run.enqueue('failed-1');
    await run.until('failed-1', (j) => j.state === 'failed', 120_000);
    // uncertain: the printer went quiet after the bytes
    await uncertainJob(run, 'uncertain-1');
    // held: no paper
    run.counter.reading = PAPER_END;
    run.enqueue('held-1');
    await run.until('held-1', (j) => j.state === 'held');
    run.spool.cancel('held-1');
    run.counter.reading = READY;
    // queued: waiting out a minute of back-off after a cut send
    run.counter.failNextWith('write', 'closed', 'connection lost');
    run.enqueue('queued-1');
    await run.until('queued-1', (j) => j.state === 'queued' && j.attempts === 1);
    const ids = ['failed-1', 'uncertain-1', 'queued-1'];
    for (const id of ids) run.spool.cancel(id);
    for (const id of [...ids, 'held-1']) {
      const job = run.spool.get(id)!;
      assert.equal(job.state, 'cancelled', id);
      assert.equal(job.reason, 'cancelled_by_cashier', id);
      assert.equal(job.needsCheck, false, id);
    }
    const sentBefore = run.counter.written.length;
    await run.pass(120_000);
    assert.equal(run.counter.written.length, sentBefore, 'nothing cancelled went out');
  } finally {
    await run.close();
  }
});

test('a job cancelled while the printer was being asked is not sent', async () => {
  const run = await openScriptedSpool();
  try {
    run.counter.holdStatus();
    run.enqueue('r-1');
    await run.pass(10);
    assert.equal(run.counter.statusQuestions, 1, 'the printer is being asked');
    run.spool.cancel('r-1');
    run.counter.releaseStatus();
    run.enqueue('r-2');
    await run.until('r-2', (j) => j.state === 'printed');
    assert.deepEqual(
      run.counter.written.map((w) => w.text),
      ['Receipt r-2'],
    );
    assert.equal(run.spool.get('r-1')!.state, 'cancelled');
  } finally {
    await run.close();
  }
});
