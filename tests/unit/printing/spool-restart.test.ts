// Shutting the till down and starting it again: a receipt caught mid-send is never sent again by
// itself (it is uncertain and needs a look); queued receipts of printers still set up carry on, and
// those of a printer no longer set up wait for the cashier. Once closed, the spool prints nothing
// more, says so in the staff's words, and leaves no timer or listener behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { PAPER_END, READY, openScriptedSpool } from './scripted-spool';

const LIMIT = { timeout: 15_000 };

test(
  'a receipt caught mid-send by a shutdown is uncertain after the restart and never resent by itself',
  LIMIT,
  async () => {
    const run = await openScriptedSpool();
    try {
      run.counter.hangWrites = true;
      run.enqueue('r-1');
      await run.until('r-1', (j) => j.state === 'sending');
      await run.restart(); // closing ends the stuck write; the job stays 'sending' on disk
      run.counter.hangWrites = false;
      await run.pass(10_000);
      const job = run.spool.get('r-1')!;
      assert.equal(job.state, 'uncertain');
      assert.equal(job.reason, 'interrupted_by_restart');
      assert.equal(job.needsCheck, true);
      assert.equal(
        job.lastError,
        'The till stopped while this receipt was being sent; it may or may not have printed.',
      );
      assert.equal(run.spool.printerStatus()[0]!.uncertain, 1, 'the top bar counts it');
      assert.equal(run.counter.written.length, 0, 'never sent again without the cashier');
    } finally {
      await run.close();
    }
  },
);

test(
  'after a restart a printer still set up carries on; a removed printer’s jobs wait for the cashier',
  LIMIT,
  async () => {
    const run = await openScriptedSpool({ printerIds: ['counter', 'kitchen'] });
    try {
      const kitchen = run.printers.get('kitchen')!;
      run.counter.reading = PAPER_END;
      kitchen.reading = PAPER_END;
      run.enqueue('c-1', 'counter');
      run.enqueue('k-1', 'kitchen');
      await run.until('c-1', (j) => j.state === 'held');
      await run.until('k-1', (j) => j.state === 'held');

      await run.restart(['counter']);
      // Before the new spool's first pass: what the restart itself decided.
      assert.equal(run.spool.get('c-1')!.reason, 'paper_end', 'a configured printer keeps its own reason');
      assert.equal(run.spool.get('k-1')!.reason, 'printer_not_configured');

      run.counter.reading = READY;
      kitchen.reading = READY;
      await run.until('c-1', (j) => j.state === 'printed');
      await run.pass(2000);
      assert.equal(kitchen.written.length, 0, 'the removed printer is not used');

      assert.throws(
        () => run.spool.retry('k-1'),
        (error: unknown) =>
          error instanceof TillError &&
          error.code === 'not_found' &&
          error.words?.key === 'printing.printerGone',
      );
      assert.equal(run.spool.get('k-1')!.state, 'held', 'a refused retry changes nothing');
      const cancelled = run.spool.cancel('k-1');
      assert.equal(cancelled.state, 'cancelled');
      assert.equal(cancelled.reason, 'cancelled_by_cashier');
    } finally {
      await run.close();
    }
  },
);

test(
  'once closed the spool refuses new receipts and reprints in staff words and leaves nothing running',
  LIMIT,
  async () => {
    const run = await openScriptedSpool();
    try {
      run.enqueue('p-1');
      await run.until('p-1', (j) => j.state === 'printed');
      run.counter.reading = PAPER_END;
      run.enqueue('h-1');
      await run.until('h-1', (j) => j.state === 'held');
      run.counter.holdStatus();
      await run.pass(100); // a poll is on the wire when the till shuts down
      assert.ok(run.counter.statusQuestions > 0);

      await run.spool.close();
      assert.equal(run.clock.timers, 0, 'no poll or back-off timer outlives the spool');
      const heard = run.events.length;
      const closed = (error: unknown) =>
        error instanceof TillError &&
        error.code === 'internal' &&
        error.message === 'The till is shutting down, so it is not printing any more.' &&
        error.words?.key === 'printing.closed';
      assert.throws(() => run.enqueue('late-1'), closed);
      assert.throws(() => run.spool.reprint('p-1'), closed);
      assert.deepEqual(
        run.spool
          .list()
          .map((j) => j.id)
          .sort(),
        ['h-1', 'p-1'],
        'nothing was stored after closing',
      );
      run.spool.cancel('h-1');
      assert.equal(run.events.length, heard, 'listeners hear nothing after closing');
      run.counter.reading = READY;
      await run.clock.advance(60_000);
      assert.equal(run.counter.written.length, 1, 'only the receipt printed before closing');
    } finally {
      await run.close();
    }
  },
);

test('closing while a held receipt waits for its next poll leaves no timer behind', LIMIT, async () => {
  const run = await openScriptedSpool();
  try {
    run.counter.reading = PAPER_END;
    run.enqueue('h-1');
    await run.until('h-1', (j) => j.state === 'held');
    assert.ok(run.clock.timers > 0, 'the next poll is set');
    await run.spool.close();
    assert.equal(run.clock.timers, 0);
  } finally {
    await run.close();
  }
});

test(
  'a printer’s answer that arrives after closing sends nothing; the receipt waits for the next start',
  LIMIT,
  async () => {
    const run = await openScriptedSpool();
    try {
      run.counter.holdStatus();
      run.enqueue('r-1');
      await run.pass(10);
      assert.equal(run.counter.statusQuestions, 1, 'asked before sending');
      await run.spool.close(); // the answer ("ready") comes in as the link closes
      await run.pass(1000);
      assert.equal(run.counter.written.length, 0);
      assert.equal(run.spool.get('r-1')!.state, 'queued');
      await run.restart();
      await run.until('r-1', (j) => j.state === 'printed');
      assert.equal(run.counter.written.length, 1);
    } finally {
      await run.close();
    }
  },
);
