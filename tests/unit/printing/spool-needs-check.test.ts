// Which send failures make a job need a look, and who clears it. A scripted transport makes the
// failure happen at an exact phase (the emulator cannot tell the till's own buffer from the
// wire); the spool, its SQLite file and its clock are the real ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrintSpool, SPOOL_MIGRATIONS, type PrintJob } from '../../../electron/services/printing/spool';
import {
  PrinterTransportError,
  type PrinterTransport,
  type TransportPhase,
} from '../../../electron/services/printing/transports/transport';
import { openDatabase } from '../../../electron/services/storage/database';
import { ManualClock } from '../../support/manual-clock';
import { FAST_TIMING, sampleLines } from './spool-harness';

type Failure = { phase: TransportPhase; kind: 'closed' | 'timeout' };

/** A printer that fails the first send as scripted, then works; it records what reached it. */
function scriptedPrinter(first: Failure | null) {
  const received: string[] = [];
  let failure = first;
  const failIn = (phase: TransportPhase) => {
    if (failure?.phase !== phase) return;
    const error = new PrinterTransportError(phase, failure.kind, `${phase} ${failure.kind}`);
    failure = null;
    throw error;
  };
  const transport: PrinterTransport = {
    kind: 'network',
    canConfirm: true,
    open: async () => undefined,
    close: async () => undefined,
    status: async () => ({
      online: true,
      paperEnd: false,
      paperNearEnd: false,
      coverOpen: false,
      error: false,
      detail: 'ready',
    }),
    write: async (bytes) => {
      // A failure while writing: the end of the job never left the till.
      if (failure?.phase === 'write') return failIn('write');
      received.push(bytes.toString());
    },
    confirm: async () => failIn('confirm'),
  };
  return { transport, received };
}

async function sendOnce(first: Failure | null) {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-needs-check-'));
  const db = openDatabase(join(dir, 'till.db'), SPOOL_MIGRATIONS);
  const clock = new ManualClock();
  const printer = scriptedPrinter(first);
  const spool = new PrintSpool({
    db,
    clock,
    timing: FAST_TIMING,
    printers: [
      {
        id: 'counter',
        transport: printer.transport,
        printFinishedAck: false,
        render: (_lines, { duplicate, copy }) =>
          Buffer.from(copy ? 'COPY' : duplicate ? 'DUPLICATE' : 'PLAIN'),
      },
    ],
  });
  spool.enqueue({
    receiptId: 'r1',
    printerId: 'counter',
    lines: sampleLines('r1'),
    bytes: Buffer.from('ORIGINAL'),
  });
  const settled = (job: PrintJob | null) => job && job.state !== 'queued' && job.state !== 'sending';
  for (let step = 0; step < 200 && !settled(spool.get('r1')); step++) await clock.advance(10);
  return {
    spool,
    received: printer.received,
    job: () => spool.get('r1')!,
    needingALook: () => spool.printerStatus()[0]!.uncertain,
    async close() {
      await spool.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('a link lost while the job was still leaving the till: resent as it was, nothing to check', async () => {
  const run = await sendOnce({ phase: 'write', kind: 'closed' });
  try {
    assert.equal(run.job().state, 'printed');
    assert.deepEqual(run.received, ['ORIGINAL'], 'the end of the first attempt never reached the printer');
    assert.equal(run.job().copy, false);
    assert.equal(run.needingALook(), 0);
  } finally {
    await run.close();
  }
});

test('a link lost after every byte left: the resend is the COPY and the job needs a look', async () => {
  const run = await sendOnce({ phase: 'confirm', kind: 'closed' });
  try {
    assert.equal(run.job().state, 'printed');
    assert.deepEqual(run.received, ['ORIGINAL', 'COPY']);
    assert.equal(run.job().needsCheck, true);
    assert.equal(run.needingALook(), 1);
    run.spool.markChecked('r1');
    run.spool.markChecked('r1'); // a second person pressing too changes nothing
    assert.equal(run.needingALook(), 0);
    assert.equal(run.job().state, 'printed');
  } finally {
    await run.close();
  }
});

test('a printer gone silent after the bytes: uncertain and counted until cancelled ("it printed")', async () => {
  const run = await sendOnce({ phase: 'confirm', kind: 'timeout' });
  try {
    assert.equal(run.job().state, 'uncertain');
    assert.deepEqual(run.received, ['ORIGINAL'], 'never resent by itself');
    assert.equal(run.needingALook(), 1);
    run.spool.cancel('r1');
    assert.equal(run.needingALook(), 0);
  } finally {
    await run.close();
  }
});

test('a job that printed normally never needs a look, and marking it changes nothing', async () => {
  const run = await sendOnce(null);
  try {
    assert.equal(run.job().state, 'printed');
    assert.equal(run.needingALook(), 0);
    assert.equal(run.spool.markChecked('r1').needsCheck, false);
  } finally {
    await run.close();
  }
});

test('a job that needs a look stays in the job list however many jobs print after it', async () => {
  const run = await sendOnce({ phase: 'confirm', kind: 'timeout' });
  try {
    for (let i = 0; i < 5; i++) {
      run.spool.enqueue({
        receiptId: `later-${i}`,
        printerId: 'counter',
        lines: sampleLines(`later-${i}`),
        bytes: Buffer.from('LATER'),
      });
    }
    const listed = run.spool.list({ limit: 3 }).map((j) => j.receiptId);
    assert.deepEqual(listed, ['later-4', 'later-3', 'later-2', 'r1']);
    run.spool.cancel('r1');
    assert.deepEqual(
      run.spool.list({ limit: 3 }).map((j) => j.receiptId),
      ['later-4', 'later-3', 'later-2'],
    );
  } finally {
    await run.close();
  }
});
