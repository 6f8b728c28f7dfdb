// A network printer (the loopback emulator on a real TCP port) that goes away and comes back while
// receipts wait, on the spool's own return timings: each waiting receipt arrives whole and once,
// in order; one cut off by the printer vanishing mid-send comes back once more, under the COPY
// frame when it may already have printed (docs/printing.md, rule 4a), and never unmarked twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SPOOL_TIMING } from '../../electron/services/printing/spool';
import { createHarness, sampleLines } from '../unit/printing/spool-harness';
import { decodeEscPos } from '../unit/printing/escpos-decoder';

const RETURN_TIMING = {
  returnProbeMs: DEFAULT_SPOOL_TIMING.returnProbeMs,
  pollIntervalMs: DEFAULT_SPOOL_TIMING.pollIntervalMs,
  backoffBaseMs: DEFAULT_SPOOL_TIMING.backoffBaseMs,
};
const textOf = (bytes: Buffer) => decodeEscPos(bytes).lines.map((l) => l.text);
const expected = (id: string) => sampleLines(id).map((line) => line.value);

test('a printer that goes away and comes back three times: each waiting receipt arrives whole, once', async () => {
  const h = await createHarness({ timing: RETURN_TIMING });
  try {
    const ids = ['away-1', 'away-2', 'away-3'];
    for (const id of ids) {
      await h.emulator.setRefusing(true);
      await h.service.printReceipt(id, sampleLines(id));
      const held = await h.waitForJob(id, (j) => j.state === 'held');
      assert.equal(held.reason, 'unreachable');
      assert.match(held.lastError ?? '', /unreachable/, 'the vanished printer is said in words');
      await h.pass(300); // away a while, asked on the way
      await h.emulator.setRefusing(false);
      const printed = await h.waitForJob(id, (j) => j.state === 'printed');
      assert.equal(printed.attempts, 1, 'sent once');
    }
    await h.pass(600); // long enough for any second send to show
    const jobs = h.emulator.jobs().map(textOf);
    assert.equal(jobs.length, 3);
    for (const [i, id] of ids.entries()) {
      for (const line of expected(id).filter(Boolean)) assert.ok(jobs[i]!.includes(line), `${id}: ${line}`);
    }
    assert.deepEqual(h.emulator.interrupted(), [], 'nothing cut off');
  } finally {
    await h.close();
  }
});

test('a printer that vanishes mid-send and comes back: the receipt arrives whole once more, marked when it may have printed', async () => {
  const h = await createHarness({ timing: RETURN_TIMING });
  try {
    h.emulator.setBehaviour({ dropAfterBytes: 20 });
    await h.service.printReceipt('cut-1', sampleLines('cut-1'));
    await h.service.printReceipt('cut-2', sampleLines('cut-2'));
    await h.emulator.waitUntil(() => h.emulator.interrupted().length === 1, 5000, 'the cut-off send');
    await h.emulator.setRefusing(true); // gone before its back-off ends
    const held = await h.waitForJob('cut-1', (j) => j.state === 'held');
    assert.equal(held.reason, 'unreachable');
    await h.pass(400);
    assert.equal(h.emulator.jobs().length, 0);
    await h.emulator.setRefusing(false);
    const first = await h.waitForJob('cut-1', (j) => j.state === 'printed');
    await h.waitForJob('cut-2', (j) => j.state === 'printed');
    await h.pass(600);
    const jobs = h.emulator.jobs().map(textOf);
    assert.equal(jobs.length, 2, 'each receipt whole once, nothing twice');
    assert.ok(jobs[0]!.includes('Receipt cut-1'));
    assert.ok(jobs[1]!.includes('Receipt cut-2'));
    assert.equal(
      jobs[0]!.some((line) => line.includes('COPY')),
      first.copy,
      'marked COPY exactly when the spool says it may already have printed',
    );
    assert.equal(
      jobs[1]!.some((line) => line.includes('COPY')),
      false,
    );
  } finally {
    await h.close();
  }
});
