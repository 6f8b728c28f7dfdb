// The stale limit: a receipt that waited longer than staleAfterMs for its printer is held for the
// cashier rather than printed late; one that waited exactly the limit still prints; 0 turns the
// rule off; only "print it anyway" on a stale job lets it past, not a retry of a merely held one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAPER_END, READY, openScriptedSpool } from './scripted-spool';

test('with the stale limit off, a receipt that waited twenty minutes still prints', async () => {
  const run = await openScriptedSpool({ timing: { staleAfterMs: 0, returnProbeMs: 60_000 } });
  try {
    run.counter.reading = PAPER_END;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'held');
    await run.clock.advance(20 * 60_000);
    run.counter.reading = READY;
    const job = await run.until('r-1', (j) => j.state !== 'held', 120_000);
    assert.equal(job.state, 'printed');
  } finally {
    await run.close();
  }
});

test('a receipt that waited exactly the stale limit prints; one minute and a moment more does not', async () => {
  const run = await openScriptedSpool({ timing: { staleAfterMs: 60_000, returnProbeMs: 60_000 } });
  try {
    run.counter.reading = PAPER_END;
    run.enqueue('r-1'); // held at once, polled again exactly one minute after it was made
    await run.clock.advance(0);
    assert.equal(run.spool.get('r-1')!.state, 'held');
    run.counter.reading = READY;
    await run.clock.advance(60_000);
    assert.equal(run.spool.get('r-1')!.state, 'printed');

    run.counter.reading = PAPER_END;
    run.enqueue('r-2');
    await run.clock.advance(1);
    run.spool.retry('r-2'); // asked again a millisecond later: still no paper, next poll 60 001 ms in
    await run.clock.advance(0);
    run.counter.reading = READY;
    await run.clock.advance(60_000);
    const late = run.spool.get('r-2')!;
    assert.equal(late.state, 'held');
    assert.equal(late.reason, 'stale');
  } finally {
    await run.close();
  }
});

test('retrying a held receipt does not excuse it from the stale limit; "print anyway" on a stale one does', async () => {
  const run = await openScriptedSpool({ timing: { staleAfterMs: 60_000, returnProbeMs: 30_000 } });
  try {
    run.counter.reading = PAPER_END;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'held');
    await run.clock.advance(10_000);
    run.spool.retry('r-1'); // still no paper: held again
    await run.until('r-1', (j) => j.state === 'held');
    await run.clock.advance(120_000);
    run.counter.reading = READY;
    const stale = await run.until('r-1', (j) => j.reason === 'stale', 60_000);
    assert.equal(stale.state, 'held');
    assert.equal(run.counter.written.length, 0, 'not printed late by itself');
    run.spool.retry('r-1');
    await run.until('r-1', (j) => j.state === 'printed');
    assert.equal(run.counter.written.length, 1);
  } finally {
    await run.close();
  }
});
