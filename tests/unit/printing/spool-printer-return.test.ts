// How soon a printer that comes back gets the job waiting for it, on the spool's own timings: a
// printer that must be asked is asked every 50 ms while a job waits (not at the old 500 ms poll),
// never faster, and not at all when nothing waits; a printer that announces its return (a device
// file, a USB attach) is not asked every 50 ms while away, gets its job the moment it announces,
// and is asked quickly for a short while after an announcement it cannot yet answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settleMicrotasks } from '../../support/manual-clock';
import { PAPER_END, READY, UNREACHABLE, openScriptedSpool } from './scripted-spool';

for (const [away, reading] of [
  ['unreachable', UNREACHABLE],
  ['out of paper', PAPER_END],
] as const) {
  test(`a printer ${away} that comes back with a job waiting gets it within 50 ms`, async () => {
    const run = await openScriptedSpool({ defaultTiming: true });
    try {
      run.counter.reading = reading;
      run.enqueue('r-1');
      await run.until('r-1', (j) => j.state === 'held');
      // Back 510 ms after the job was held: the old 500 ms poll would next ask at 1000 ms.
      await run.clock.advance(510);
      run.counter.reading = READY;
      const back = run.clock.now();
      await run.clock.advance(50);
      assert.equal(run.counter.written.length, 1, 'the job went out within 50 ms');
      assert.ok(run.counter.written[0]!.at - back <= 50);
      assert.equal(run.spool.get('r-1')!.state, 'printed');
      await run.pass(1000);
      assert.equal(run.counter.written.length, 1, 'printed once');
    } finally {
      await run.close();
    }
  });
}

test('while a job waits the printer is asked every 50 ms, never faster', async () => {
  const run = await openScriptedSpool({ defaultTiming: true });
  try {
    run.counter.reading = PAPER_END;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'held');
    const asked = run.counter.statusQuestions;
    await settleMicrotasks();
    assert.equal(run.counter.statusQuestions, asked, 'nothing asked while the clock stands still');
    await run.clock.advance(1000);
    assert.equal(run.counter.statusQuestions - asked, 20);
    assert.equal(run.clock.timers, 1, 'one probe timer, not one per question');
  } finally {
    await run.close();
  }
});

test('with nothing waiting no printer is asked and no timer is set, even with the printer away', async () => {
  const run = await openScriptedSpool({ defaultTiming: true });
  try {
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'printed');
    run.counter.reading = UNREACHABLE;
    const asked = run.counter.statusQuestions;
    await run.clock.advance(0);
    assert.equal(run.clock.timers, 0);
    await run.clock.advance(60_000);
    assert.equal(run.counter.statusQuestions, asked);

    run.enqueue('r-2'); // held, then cancelled: the probing stops with it
    await run.until('r-2', (j) => j.state === 'held');
    run.spool.cancel('r-2');
    await run.clock.advance(0);
    const afterCancel = run.counter.statusQuestions;
    assert.equal(run.clock.timers, 0);
    await run.clock.advance(60_000);
    assert.equal(run.counter.statusQuestions, afterCancel);
  } finally {
    await run.close();
  }
});

test('a printer that announces its return is only polled slowly while away and gets its job on the announcement', async () => {
  const run = await openScriptedSpool({ defaultTiming: true });
  try {
    run.counter.announcesReturn = true;
    run.counter.reading = UNREACHABLE;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'held');
    assert.equal(run.counter.returnWatchers.size, 1, 'watching for the printer');
    const asked = run.counter.statusQuestions;
    await run.clock.advance(1000);
    assert.equal(run.counter.statusQuestions - asked, 2, 'the 500 ms safety-net poll only');

    await run.clock.advance(123);
    run.counter.reading = READY;
    const back = run.clock.now();
    run.counter.announceReturn();
    await settleMicrotasks();
    assert.equal(run.counter.written.length, 1);
    assert.equal(run.counter.written[0]!.at, back, 'sent on the announcement, with no wait');
    assert.equal(run.spool.get('r-1')!.state, 'printed');
    assert.equal(run.counter.returnWatchers.size, 0, 'nothing waits: no watching');

    run.counter.reading = UNREACHABLE;
    run.enqueue('r-2');
    await run.until('r-2', (j) => j.state === 'held');
    assert.equal(run.counter.returnWatchers.size, 1);
  } finally {
    await run.close();
  }
  assert.equal(run.counter.returnWatchers.size, 0, 'a closed spool watches nothing');
});

test('an announcing printer that answers again but has no paper is asked every 50 ms, not watched', async () => {
  const run = await openScriptedSpool({ defaultTiming: true });
  try {
    run.counter.announcesReturn = true;
    run.counter.reading = UNREACHABLE;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'held');
    assert.equal(run.counter.returnWatchers.size, 1);
    run.counter.reading = PAPER_END; // switched on, out of paper: no event will say it is loaded
    await run.until('r-1', (j) => j.reason === 'paper_end', 1000);
    assert.equal(run.counter.returnWatchers.size, 0, 'no longer watching');
    const asked = run.counter.statusQuestions;
    await run.clock.advance(1000);
    assert.equal(run.counter.statusQuestions - asked, 20);
    run.counter.reading = READY;
    const back = run.clock.now();
    await run.clock.advance(50);
    assert.equal(run.counter.written.length, 1);
    assert.ok(run.counter.written[0]!.at - back <= 50);
  } finally {
    await run.close();
  }
});

test('after an announcement the printer is asked every 50 ms until it answers, then slowly again', async () => {
  const run = await openScriptedSpool({ defaultTiming: true });
  try {
    run.counter.announcesReturn = true;
    run.counter.reading = UNREACHABLE;
    run.enqueue('r-1');
    await run.until('r-1', (j) => j.state === 'held');
    await run.clock.advance(700);
    run.counter.announceReturn(); // plugged in, not yet answering
    await settleMicrotasks();
    let asked = run.counter.statusQuestions;
    await run.clock.advance(1900);
    assert.equal(run.counter.statusQuestions - asked, 38, 'asked every 50 ms while it wakes up (2 s)');
    await run.clock.advance(100); // the last quick question, at 2 s
    asked = run.counter.statusQuestions;
    await run.clock.advance(1000);
    assert.equal(run.counter.statusQuestions - asked, 2, 'back to the slow poll');
    run.counter.reading = READY;
    run.counter.announceReturn();
    await settleMicrotasks();
    assert.equal(run.counter.written.length, 1);
  } finally {
    await run.close();
  }
});
