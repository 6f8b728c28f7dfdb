// What happens to a receipt whose send breaks, by where it broke: resent only after its back-off
// (doubling from the base), counted per attempt and failed after the limit; marked COPY once it may
// have printed whole; held (never failed) while the printer cannot be reached; failed, never
// resent, on an error nobody expected. The words the cashier reads say which it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openScriptedSpool } from './scripted-spool';

const SLOW_BACKOFF = { backoffBaseMs: 1000, backoffMaxMs: 8000, pollIntervalMs: 300 };

test('a send cut while the bytes were leaving is resent after 1 s, 2 s, 4 s of back-off, never sooner', async () => {
  const run = await openScriptedSpool({ timing: { ...SLOW_BACKOFF, maxInterruptedAttempts: 10 } });
  try {
    for (let i = 0; i < 3; i++) run.counter.failNextWith('write', 'closed', 'connection lost: EPIPE');
    const started = run.clock.now();
    run.enqueue('r-1');
    const waiting = await run.until('r-1', (j) => j.attempts === 1 && j.state === 'queued');
    assert.equal(waiting.reason, 'interrupted');
    assert.equal(waiting.lastError, 'connection lost: EPIPE; a partial receipt may be on paper.');
    assert.equal(waiting.copy, false);
    assert.equal(waiting.needsCheck, false);
    assert.equal(Date.parse(waiting.nextAttemptAt), started + 1000);

    await run.until('r-1', (j) => j.state === 'printed', 20_000);
    const job = run.spool.get('r-1')!;
    assert.equal(job.attempts, 4, 'three cut attempts and the one that printed');
    assert.equal(run.counter.written.length, 1, 'printed once');
    // The three failed attempts started at 0, 1000 and 3000 ms; the fourth after 4000 more.
    assert.equal(run.counter.written[0]!.at - started, 1000 + 2000 + 4000);
    assert.equal(run.counter.written[0]!.text, 'Receipt r-1', 'resent as it was, no COPY banner');
  } finally {
    await run.close();
  }
});

test('a queued retry is not sent before its time even when the printer is asked about in between', async () => {
  const run = await openScriptedSpool({ timing: SLOW_BACKOFF });
  try {
    run.counter.failNextWith('write', 'closed', 'connection lost');
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'queued' && j.attempts === 1);
    const failedAt = run.clock.now();
    run.enqueue('r-2'); // wakes the printer while r-1 waits out its back-off
    await run.pass(990);
    assert.equal(run.counter.written.length, 0, 'nothing goes out before the back-off ends');
    await run.until('r-2', (j) => j.state === 'printed', 2000);
    assert.deepEqual(
      run.counter.written.map((w) => w.text),
      ['Receipt r-1', 'Receipt r-2'],
      'oldest first',
    );
    assert.ok(run.counter.written[0]!.at - failedAt >= 1000);
  } finally {
    await run.close();
  }
});

test('a job that keeps breaking the link fails after the attempt limit and is not sent again', async () => {
  const run = await openScriptedSpool({ timing: { maxInterruptedAttempts: 3 } });
  try {
    for (let i = 0; i < 5; i++) run.counter.failNextWith('write', 'closed', 'connection lost');
    run.enqueue('r-1');
    const failed = await run.until('r-1', (j) => j.state === 'failed');
    assert.equal(failed.attempts, 3);
    assert.equal(failed.reason, 'interrupted');
    await run.pass(5000);
    assert.equal(run.spool.get('r-1')!.state, 'failed');
    assert.equal(run.counter.written.length, 0);
  } finally {
    await run.close();
  }
});

test('a link lost after every byte left: the resend is stored and printed as COPY and the words say why', async () => {
  const run = await openScriptedSpool({ timing: SLOW_BACKOFF });
  try {
    run.counter.failNextWith('confirm', 'closed', 'connection lost before confirmation');
    run.enqueue('r-1');
    const waiting = await run.until('r-1', (j) => j.state === 'queued' && j.attempts === 1);
    assert.equal(waiting.reason, 'interrupted_after_send');
    assert.equal(
      waiting.lastError,
      'connection lost before confirmation after the whole receipt was sent; it may have printed, so it prints again marked COPY.',
    );
    assert.equal(waiting.copy, true);
    assert.equal(waiting.needsCheck, true);
    assert.equal(run.spool.bytesOf('r-1')!.toString('latin1'), 'COPY Receipt r-1');
    await run.until('r-1', (j) => j.state === 'printed');
    assert.deepEqual(
      run.counter.written.map((w) => w.text),
      ['Receipt r-1', 'COPY Receipt r-1'],
    );
    assert.equal(run.spool.bytesOf('no-such-job'), null);
  } finally {
    await run.close();
  }
});

test('a COPY resend cut while leaving the till still says it may have printed: the first send may be on paper', async () => {
  const run = await openScriptedSpool({ timing: SLOW_BACKOFF });
  try {
    run.counter.failNextWith('confirm', 'closed', 'connection lost before confirmation');
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.copy && j.attempts === 1);
    run.counter.failNextWith('write', 'closed', 'connection lost: EPIPE');
    const waiting = await run.until('r-1', (j) => j.state === 'queued' && j.attempts === 2);
    // Only the second send broke part way; the first may still have printed whole.
    assert.equal(waiting.reason, 'interrupted_after_send');
    assert.equal(
      waiting.lastError,
      'connection lost: EPIPE after the whole receipt was sent; it may have printed, so it prints again marked COPY.',
    );
    assert.equal(waiting.copy, true);
    assert.equal(waiting.needsCheck, true);
    await run.until('r-1', (j) => j.state === 'printed');
    assert.deepEqual(
      run.counter.written.map((w) => w.text),
      ['Receipt r-1', 'COPY Receipt r-1'],
    );
  } finally {
    await run.close();
  }
});

test('with the default timing an interrupted send goes again half a second later', async () => {
  const run = await openScriptedSpool({ defaultTiming: true });
  try {
    run.counter.failNextWith('write', 'closed', 'connection lost');
    const started = run.clock.now();
    run.enqueue('r-1');
    const waiting = await run.until('r-1', (j) => j.state === 'queued' && j.attempts === 1);
    assert.equal(Date.parse(waiting.nextAttemptAt), started + 500);
    await run.until('r-1', (j) => j.state === 'printed');
    assert.equal(run.counter.written[0]!.at, started + 500);
  } finally {
    await run.close();
  }
});

test('a printer that refuses the connection holds the job as unreachable, however often, until it answers', async () => {
  const run = await openScriptedSpool({ timing: { maxInterruptedAttempts: 2 } });
  try {
    for (let i = 0; i < 6; i++) run.counter.failNextWith('connect', 'offline', 'connect ECONNREFUSED');
    run.enqueue('r-1');
    const held = await run.until('r-1', (j) => j.state === 'held');
    assert.equal(held.reason, 'unreachable');
    assert.equal(held.lastError, 'connect ECONNREFUSED');
    const printerEvents = run.events.flatMap((e) => (e.type === 'printer' ? [e.printer] : []));
    assert.ok(
      printerEvents.some((p) => p.condition === 'unreachable' && p.detail === 'connect ECONNREFUSED'),
      'the screens are told the printer cannot be reached',
    );
    const states: string[] = [];
    run.spool.onChange((e) => {
      if (e.type === 'job') states.push(e.job.state);
    });
    await run.until('r-1', (j) => j.state === 'printed');
    assert.ok(!states.includes('failed'), 'never failed while it could not connect');
    assert.equal(run.spool.get('r-1')!.attempts, 7);
    assert.equal(run.counter.written.length, 1);
  } finally {
    await run.close();
  }
});

test('an error nobody expected fails the job with its words and never resends it', async () => {
  const run = await openScriptedSpool();
  try {
    run.counter.failNext('write', new TypeError('the USB library is not loaded'));
    run.enqueue('r-1');
    const failed = await run.until('r-1', (j) => j.state === 'failed');
    assert.equal(failed.reason, 'error');
    assert.equal(failed.lastError, 'the USB library is not loaded');
    await run.pass(3000);
    assert.equal(run.spool.get('r-1')!.state, 'failed');
    assert.equal(run.counter.written.length, 0);
  } finally {
    await run.close();
  }
});
