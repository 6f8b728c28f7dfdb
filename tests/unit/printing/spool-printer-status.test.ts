// What the till asks a real (emulated, loopback) printer and when: a held receipt tells the screens
// why, is stored once and is polled at the poll interval, not in a loop; a printer busy with a job
// answers at once from what the job saw and is asked again afterwards; status questions give up
// after statusTimeoutMs; an idle printer's connection is let go (many take one at a time), one
// with work waiting is kept; a closed spool asks nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settleMicrotasks } from '../../support/manual-clock';
import { createHarness, sampleLines } from './spool-harness';
import type { PrinterStatusView } from '../../../electron/services/printing';

/** Event-loop turns with the clock standing still: loopback answers arrive, no timer fires. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await settleMicrotasks();
}

test('a held receipt tells the screens why, is stored once and is only asked about at each poll', async () => {
  const h = await createHarness();
  try {
    const printerEvents: PrinterStatusView[] = [];
    const heldEvents: string[] = [];
    h.service.onChange((e) => {
      if (e.type === 'printer') printerEvents.push(e.printer);
      if (e.type === 'job' && e.job.state === 'held') heldEvents.push(`${e.job.reason}@${e.job.updatedAt}`);
    });
    h.emulator.setState('paperEnd');
    await h.service.printReceipt('r-1', sampleLines('r-1'));
    const held = await h.waitForJob('r-1', (j) => j.state === 'held');
    assert.equal(held.reason, 'paper_end');
    assert.ok(
      printerEvents.some((p) => p.condition === 'paper_end'),
      'the job’s own reading reached the screens',
    );

    const asked = h.emulator.statusRequests();
    await turns(40);
    assert.equal(h.emulator.statusRequests(), asked, 'no questions while the clock stands still');

    await h.pass(500); // ten polls
    assert.ok(h.emulator.statusRequests() > asked, 'polled while held');
    const job = (await h.service.listJobs()).find((j) => j.id === 'r-1')!;
    assert.equal(job.updatedAt, held.updatedAt, 'polls that learn nothing new store nothing');
    assert.deepEqual(heldEvents, [`paper_end@${held.updatedAt}`]);

    h.emulator.setState('coverOpen');
    const cover = await h.waitForJob('r-1', (j) => j.reason === 'cover_open');
    assert.equal(cover.state, 'held');
  } finally {
    await h.close();
  }
});

test('a printer busy with a job answers at once from what the job saw, and is asked again after it', async () => {
  const h = await createHarness({ timing: { statusMaxAgeMs: 0 } });
  try {
    h.emulator.setBehaviour({ stallAfterBytes: 10 });
    await h.service.printReceipt('r-1', sampleLines('r-1'));
    await h.emulator.waitUntil(() => h.emulator.stalled() === 1);
    const asked = h.emulator.statusRequests();
    let answer: PrinterStatusView[] | undefined;
    void h.service.status().then((views) => (answer = views));
    await turns(10);
    assert.ok(answer, 'answered without waiting for the job');
    assert.equal(answer.find((p) => p.printerId === 'counter')?.condition, 'ready');
    assert.equal(h.emulator.statusRequests(), asked, 'nothing asked across the job');

    await h.waitForJob('r-1', (j) => j.state === 'uncertain'); // the stalled write timed out
    h.emulator.setState('paperEnd');
    const after = await h.service.status();
    assert.equal(after.find((p) => p.printerId === 'counter')?.condition, 'paper_end');
  } finally {
    await h.close();
  }
});

test('status questions give up after statusTimeoutMs, before a job too', async () => {
  const h = await createHarness({ timing: { statusTimeoutMs: 300 } });
  try {
    h.emulator.setState('silent');
    let answer: PrinterStatusView[] | undefined;
    void h.service.status().then((views) => (answer = views));
    await h.pass(320);
    assert.ok(answer, 'given up after 300 ms');
    assert.equal(answer.find((p) => p.printerId === 'counter')?.detail, 'not answering status requests');

    await h.service.printReceipt('r-1', sampleLines('r-1'));
    await h.pass(320);
    const job = (await h.service.listJobs()).find((j) => j.id === 'r-1')!;
    assert.equal(job.state, 'held');
    assert.equal(job.reason, 'unreachable');
  } finally {
    await h.close();
  }
});

test('an idle printer is let go after each job and each question; one with a job waiting is kept', async () => {
  const h = await createHarness({ timing: { statusMaxAgeMs: 0 } });
  try {
    await h.service.printReceipt('r-1', sampleLines('r-1'));
    await h.waitForJob('r-1', (j) => j.state === 'printed');
    await h.pass(50);
    await h.service.printReceipt('r-2', sampleLines('r-2'));
    await h.waitForJob('r-2', (j) => j.state === 'printed');
    await h.pass(50);
    assert.equal(h.emulator.connections(), 2, 'a new connection for each job');
    await h.service.status();
    await h.service.status();
    assert.equal(h.emulator.connections(), 4, 'and for each question to an idle printer');

    h.emulator.setState('paperEnd');
    await h.service.printReceipt('r-3', sampleLines('r-3'));
    await h.waitForJob('r-3', (j) => j.state === 'held');
    const kept = h.emulator.connections();
    await h.service.status();
    await h.pass(300);
    await h.service.status();
    await h.pass(300);
    assert.equal(h.emulator.connections(), kept, 'the connection is kept while a job waits');
  } finally {
    await h.close();
  }
});

test('a closed spool asks the printer nothing', async () => {
  const h = await createHarness({ timing: { statusMaxAgeMs: 0 } });
  try {
    await settleMicrotasks();
    await h.service.close();
    const connections = h.emulator.connections();
    const asked = h.emulator.statusRequests();
    await h.service.status();
    await turns(10);
    assert.equal(h.emulator.connections(), connections);
    assert.equal(h.emulator.statusRequests(), asked);
  } finally {
    await h.close();
  }
});
