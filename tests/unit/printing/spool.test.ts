import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TillError } from '../../../shared/contract/errors';
import { backoffDelay } from '../../../electron/services/printing/spool';
import { settleMicrotasks } from '../../support/manual-clock';
import { createHarness, networkPrinter, sampleLines } from './spool-harness';
import { decodeEscPos } from './escpos-decoder';

test('back-off doubles from the base and is capped', () => {
  const timing = { backoffBaseMs: 500, backoffMaxMs: 30_000 };
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => backoffDelay(n, timing)),
    [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000],
  );
});

test('a receipt prints once, in order with others, and the bytes decode back to its lines', async () => {
  const h = await createHarness();
  try {
    const events: string[] = [];
    h.service.onChange((e) => {
      if (e.type === 'job') events.push(`${e.job.id}:${e.job.state}`);
    });
    const ids = ['r-1', 'r-2', 'r-3', 'r-4', 'r-5'];
    for (const id of ids) await h.service.printReceipt(id, sampleLines(id), { kickDrawer: id === 'r-1' });
    // The same receipt id again is the same job, not a second print.
    const again = await h.service.printReceipt('r-1', sampleLines('other'));
    assert.equal(again.id, 'r-1');
    for (const id of ids) await h.waitForJob(id, (j) => j.state === 'printed');
    const jobs = await h.emulator.waitForJobs(5);
    await h.pass(150);
    assert.equal(h.emulator.jobs().length, 5);
    assert.deepEqual(
      jobs.map((bytes) => decodeEscPos(bytes).lines[1]!.text),
      ids.map((id) => `Receipt ${id}`),
    );
    const first = decodeEscPos(jobs[0]!);
    assert.deepEqual(first.lines[0], {
      text: 'THE KINGS ARMS',
      bold: true,
      doubleHeight: true,
      doubleWidth: false,
    });
    assert.equal(first.lines[2]!.text, 'TOTAL £23.50 / €27.10');
    assert.ok(
      first.events.some((e) => e.type === 'drawerKick'),
      'drawer kicked for r-1',
    );
    assert.ok(!decodeEscPos(jobs[1]!).events.some((e) => e.type === 'drawerKick'));
    // 'sending' was recorded before 'printed' for every job.
    for (const id of ids) {
      const sending = events.indexOf(`${id}:sending`);
      const printed = events.indexOf(`${id}:printed`);
      assert.ok(sending >= 0 && printed >= 0, `${id}: both 'sending' and 'printed' were announced`);
      assert.ok(sending < printed, `${id}: 'sending' before 'printed'`);
    }
  } finally {
    await h.close();
  }
});

test('cashier actions: cancel a held job, retry a failed one, reprint a printed one as DUPLICATE', async () => {
  const h = await createHarness({ timing: { maxInterruptedAttempts: 1 } });
  try {
    h.emulator.setState('coverOpen');
    await h.service.printReceipt('held-1', sampleLines('held-1'));
    const held = await h.waitForJob('held-1', (j) => j.state === 'held');
    assert.equal(held.reason, 'cover_open');
    await h.service.cancel('held-1');
    h.emulator.setState('ready');

    h.emulator.setBehaviour({ dropAfterBytes: 20 });
    await h.service.printReceipt('fails-1', sampleLines('fails-1'));
    const failed = await h.waitForJob('fails-1', (j) => j.state === 'failed');
    assert.equal(failed.reason, 'interrupted');
    await assert.rejects(
      h.service.reprint('fails-1'),
      (e: unknown) => e instanceof TillError && e.code === 'conflict',
    );
    await h.service.retry('fails-1');
    await h.waitForJob('fails-1', (j) => j.state === 'printed');

    await assert.rejects(
      h.service.cancel('fails-1'),
      (e: unknown) => e instanceof TillError && e.code === 'conflict',
    );
    await assert.rejects(
      h.service.retry('nope'),
      (e: unknown) => e instanceof TillError && e.code === 'not_found',
    );
    const copy = await h.service.reprint('fails-1');
    assert.equal(copy.id, 'fails-1~dup1');
    assert.equal(copy.duplicateOf, 'fails-1');
    await h.waitForJob(copy.id, (j) => j.state === 'printed');
    const second = await h.service.reprint('fails-1');
    assert.equal(second.id, 'fails-1~dup2');
    await h.waitForJob(second.id, (j) => j.state === 'printed');

    const printed = h.emulator.jobs().map((bytes) =>
      decodeEscPos(bytes)
        .lines.map((l) => l.text)
        .join('\n'),
    );
    assert.equal(printed.length, 3);
    assert.ok(!printed.some((text) => text.includes('Receipt held-1')), 'the cancelled job never printed');
    assert.ok(!printed[0]!.includes('DUPLICATE'));
    assert.ok(printed[1]!.includes('DUPLICATE') && printed[1]!.includes('Receipt fails-1'));
    assert.ok(printed[2]!.includes('DUPLICATE'));
  } finally {
    await h.close();
  }
});

test('a storage failure on enqueue is a clear storage error and loses nothing already queued', async () => {
  const h = await createHarness();
  try {
    await h.emulator.setRefusing(true);
    await h.service.printReceipt('kept-1', sampleLines('kept-1'));
    await h.service.printReceipt('kept-2', sampleLines('kept-2'));
    // Make the database file unable to grow, as on a full disk.
    const pages = (h.db.pragma('page_count', { simple: true }) as number) + 1;
    h.db.pragma(`max_page_count = ${pages}`);
    const huge = [{ type: 'TEXT', format: [], value: 'x'.repeat(200_000) }];
    await assert.rejects(h.service.printReceipt('too-big', huge), (e: unknown) => {
      return e instanceof TillError && e.code === 'storage' && /disk is full/.test(e.message);
    });
    const jobs = await h.service.listJobs();
    assert.deepEqual(jobs.map((j) => j.id).sort(), ['kept-1', 'kept-2']);
    h.db.pragma('max_page_count = 1073741823');
    await h.emulator.setRefusing(false);
    await h.waitForJob('kept-2', (j) => j.state === 'printed');
    assert.equal(h.emulator.jobs().length, 2);
  } finally {
    await h.close();
  }
});

test('the preview printer is always there and its receipts can be read back', async () => {
  const h = await createHarness({ printers: () => [] });
  try {
    const printers = h.service.printers();
    assert.deepEqual(
      printers.map((p) => p.id),
      ['preview'],
    );
    const lines = sampleLines('p-1');
    const job = await h.service.printReceipt('p-1', lines);
    assert.equal(job.printerId, 'preview');
    await h.waitForJob('p-1', (j) => j.state === 'printed');
    const test = await h.service.testPage();
    await h.waitForJob(test.id, (j) => j.state === 'printed');
    const preview = await h.service.previewReceipts(10);
    assert.equal(preview.length, 2);
    assert.deepEqual(preview[1]!.lines, lines);
    assert.equal(preview[0]!.lines[0]!.value, 'Paydesk test page');
    const [status] = await h.service.status();
    assert.equal(status!.condition, 'ready');
    await assert.rejects(
      h.service.printReceipt('x', lines, { printerId: 'kitchen' }),
      (e: unknown) => e instanceof TillError && e.code === 'not_found',
    );
  } finally {
    await h.close();
  }
});

test('status reports each printer condition and emits printer events', async () => {
  const h = await createHarness({
    printers: (emulator) => [networkPrinter(emulator)],
    timing: { statusMaxAgeMs: 0 },
  });
  try {
    const seen: string[] = [];
    h.service.onChange((e) => {
      if (e.type === 'printer') seen.push(`${e.printer.printerId}:${e.printer.condition}`);
    });
    h.emulator.setState('paperEnd');
    const statuses = await h.service.status();
    assert.equal(statuses.find((s) => s.printerId === 'counter')?.condition, 'paper_end');
    h.emulator.setState('paperNearEnd');
    assert.equal(
      (await h.service.status()).find((s) => s.printerId === 'counter')?.condition,
      'paper_near_end',
    );
    await h.emulator.setRefusing(true);
    assert.equal((await h.service.status()).find((s) => s.printerId === 'counter')?.condition, 'unreachable');
    assert.ok(seen.includes('counter:paper_end') && seen.includes('counter:unreachable'));
  } finally {
    await h.close();
  }
});

test('status questions while jobs print never cross on the wire', async () => {
  const h = await createHarness();
  try {
    const ids = Array.from({ length: 10 }, (_, i) => `mix-${i}`);
    const statuses = await Promise.all(
      ids.flatMap((id) => [h.service.status(), h.service.printReceipt(id, sampleLines(id)).then(() => null)]),
    );
    for (const id of ids) await h.waitForJob(id, (j) => j.state === 'printed');
    const jobs = await h.service.listJobs();
    assert.ok(
      jobs.every((j) => j.attempts === 1),
      'no job needed a second attempt',
    );
    for (const reading of statuses) {
      if (reading === null) continue;
      const counter = reading.find((s) => s.printerId === 'counter')!;
      assert.ok(['ready', 'not_checked'].includes(counter.condition), counter.detail);
    }
    assert.equal(h.emulator.jobs().length, 10);
  } finally {
    await h.close();
  }
});

test('a receipt that waited past the stale limit waits for the cashier; newer ones print past it', async () => {
  // No poll falls inside the five minutes: the clock jumps with nothing on the wire.
  const h = await createHarness({ timing: { staleAfterMs: 60_000, returnProbeMs: 10 * 60_000 } });
  try {
    h.emulator.setState('paperEnd');
    await h.service.printReceipt('old-1', sampleLines('old-1'));
    await h.waitForJob('old-1', (j) => j.state === 'held' && j.reason === 'paper_end');
    await h.clock.advance(5 * 60_000); // the paper is replaced five minutes later
    h.emulator.setState('ready');
    await h.service.printReceipt('new-1', sampleLines('new-1'));
    await h.waitForJob('new-1', (j) => j.state === 'printed');
    const stale = await h.waitForJob('old-1', (j) => j.state === 'held');
    assert.equal(stale.reason, 'stale');
    assert.match(stale.lastError ?? '', /Waited 5 min/);
    await h.pass(150);
    assert.deepEqual(
      h.emulator.jobs().map((bytes) => decodeEscPos(bytes).lines[1]!.text),
      ['Receipt new-1'],
    );
    await h.service.retry('old-1'); // "print it anyway"
    await h.waitForJob('old-1', (j) => j.state === 'printed');
    assert.equal(h.emulator.jobs().length, 2);
  } finally {
    await h.close();
  }
});

test('status questions are shared and a recent answer is reused', async () => {
  const h = await createHarness({ timing: { statusMaxAgeMs: 60_000 } });
  try {
    await settleMicrotasks(); // let the start-up pass finish
    const before = h.emulator.statusRequests();
    const answers = await Promise.all([h.service.status(), h.service.status(), h.service.status()]);
    const afterFirst = h.emulator.statusRequests();
    assert.equal(afterFirst - before, 4, 'one question (DLE EOT 1..4) for three callers');
    await h.service.status();
    assert.equal(h.emulator.statusRequests(), afterFirst, 'a fresh answer is reused');
    for (const answer of answers)
      assert.equal(answer.find((s) => s.printerId === 'counter')?.condition, 'ready');
  } finally {
    await h.close();
  }
});
