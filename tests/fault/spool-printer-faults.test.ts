// Every way a network printer lets the till down, played by the loopback emulator against the
// real spool and a real SQLite file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeReceipt } from '../../electron/services/printing/escpos-encoder';
import { PrintSpool } from '../../electron/services/printing/spool';
import { NetworkTransport, parsePrinterAddress } from '../../electron/services/printing/transports/network';
import { FAST_TIMING, createHarness, networkPrinter, sampleLines } from '../unit/printing/spool-harness';
import { decodeEscPos } from '../unit/printing/escpos-decoder';

const textOf = (bytes: Buffer) => decodeEscPos(bytes).lines.map((l) => l.text);

for (const profile of ['escpos-portable', 'epson-tm'] as const) {
  test(`printer offline then back: held, then printed exactly once (${profile})`, async () => {
    const h = await createHarness({ printers: (e) => [networkPrinter(e, { profile })] });
    try {
      h.emulator.setState('offline');
      await h.service.printReceipt('sale-1', sampleLines('sale-1'));
      const held = await h.waitForJob('sale-1', (j) => j.state === 'held');
      assert.equal(held.reason, 'offline');
      await h.pass(200); // a few polls while offline
      assert.equal(h.emulator.jobs().length, 0);
      assert.ok(h.emulator.statusRequests() > 4, 'the spool keeps polling while the job is held');

      h.emulator.setState('ready');
      const printed = await h.waitForJob('sale-1', (j) => j.state === 'printed');
      assert.equal(printed.attempts, 1);
      await h.pass(200);
      assert.equal(h.emulator.jobs().length, 1);
      assert.ok(textOf(h.emulator.jobs()[0]!).includes('Receipt sale-1'));
    } finally {
      await h.close();
    }
  });
}

test('printer unreachable (connection refused) then back: held as unreachable, then printed once', async () => {
  const h = await createHarness();
  try {
    await h.emulator.setRefusing(true);
    await h.service.printReceipt('sale-2', sampleLines('sale-2'));
    const held = await h.waitForJob('sale-2', (j) => j.state === 'held');
    assert.equal(held.reason, 'unreachable');
    await h.emulator.setRefusing(false);
    await h.waitForJob('sale-2', (j) => j.state === 'printed');
    await h.pass(150);
    assert.equal(h.emulator.jobs().length, 1);
  } finally {
    await h.close();
  }
});

test('paper out then replaced: held with reason paper_end, then the receipt prints', async () => {
  const h = await createHarness();
  try {
    h.emulator.setState('paperEnd');
    await h.service.printReceipt('sale-3', sampleLines('sale-3'));
    await h.service.printReceipt('sale-4', sampleLines('sale-4'));
    const held = await h.waitForJob('sale-3', (j) => j.state === 'held');
    assert.equal(held.reason, 'paper_end');
    assert.equal(held.lastError, 'paper end');
    const [status] = (await h.service.listJobs({ states: ['queued', 'held'] })).filter(
      (j) => j.id === 'sale-4',
    );
    assert.ok(status, 'the later receipt waits behind the held one');
    assert.equal(h.emulator.jobs().length, 0);

    h.emulator.setState('coverOpen'); // paper being replaced
    await h.waitForJob('sale-3', (j) => j.reason === 'cover_open');
    h.emulator.setState('ready');
    await h.waitForJob('sale-4', (j) => j.state === 'printed');
    const jobs = h.emulator.jobs().map(textOf);
    assert.equal(jobs.length, 2);
    assert.ok(jobs[0]!.includes('Receipt sale-3') && jobs[1]!.includes('Receipt sale-4'), 'oldest first');
  } finally {
    await h.close();
  }
});

test('connection dropped mid-job: not lost, retried once the link is back, one complete copy marked COPY', async () => {
  const h = await createHarness();
  try {
    h.emulator.setBehaviour({ dropAfterBytes: 30 });
    await h.service.printReceipt('sale-5', sampleLines('sale-5'));
    const printed = await h.waitForJob('sale-5', (j) => j.state === 'printed');
    assert.equal(printed.attempts, 2);
    assert.equal(h.emulator.interrupted().length, 1, 'the first attempt was cut off');
    assert.ok(h.emulator.interrupted()[0]!.length <= 30);
    await h.pass(150);
    assert.equal(h.emulator.jobs().length, 1);
    assert.ok(textOf(h.emulator.jobs()[0]!).includes('Receipt sale-5'));
    // The whole small job had left the till when the link broke: the till cannot tell a cut-off
    // receipt from a whole one, so the resend says so and the job waits for someone to look.
    const paper = textOf(h.emulator.jobs()[0]!);
    assert.ok(
      paper.some((t) => /\bCOPY\b/.test(t)) && paper.some((t) => t.includes('may already have printed')),
    );
    assert.equal(printed.copy, true);
    assert.equal(printed.needsCheck, true);
  } finally {
    await h.close();
  }
});

test('printer takes the job then goes silent (no ack): uncertain, not resent, reprint marked DUPLICATE', async () => {
  const h = await createHarness({
    printers: (e) => [networkPrinter(e, { profile: 'epson-tm' })],
    timing: { confirmTimeoutMs: 300 },
  });
  try {
    h.emulator.setBehaviour({ silentOnData: true });
    await h.service.printReceipt('sale-6', sampleLines('sale-6'));
    const uncertain = await h.waitForJob('sale-6', (j) => j.state === 'uncertain');
    assert.equal(uncertain.reason, 'no_confirmation');
    h.emulator.setBehaviour({});
    h.emulator.setState('ready');
    await h.pass(300);
    assert.equal(h.emulator.jobs().length, 1, 'sent once, not again');
    const copy = await h.service.reprint('sale-6');
    await h.waitForJob(copy.id, (j) => j.state === 'printed');
    const jobs = h.emulator.jobs().map(textOf);
    assert.equal(jobs.length, 2);
    assert.ok(jobs[1]!.some((t) => t.includes('DUPLICATE')));
  } finally {
    await h.close();
  }
});

test('restart with queued jobs: they print after the restart, in order, each once', async () => {
  const h = await createHarness();
  try {
    await h.emulator.setRefusing(true);
    for (const id of ['q-1', 'q-2', 'q-3']) await h.service.printReceipt(id, sampleLines(id));
    await h.waitForJob('q-1', (j) => j.state === 'held');
    await h.service.close();

    await h.emulator.setRefusing(false);
    await h.restart();
    for (const id of ['q-1', 'q-2', 'q-3']) await h.waitForJob(id, (j) => j.state === 'printed');
    await h.pass(150);
    const jobs = h.emulator.jobs().map(textOf);
    assert.equal(jobs.length, 3);
    assert.deepEqual(
      jobs.map((lines) => lines[1]),
      ['Receipt q-1', 'Receipt q-2', 'Receipt q-3'],
    );
  } finally {
    await h.close();
  }
});

test('printer stops reading mid-job (its receive buffer fills): uncertain, never resent', async () => {
  // The spool itself, so the job can be bigger than every socket buffer on the way (about 4 MB
  // on loopback) without encoding thousands of lines: only then does the write itself stall.
  const h = await createHarness({ printers: () => [] });
  const writeTimeoutMs = 2000;
  const spool = new PrintSpool({
    db: h.db,
    clock: h.clock,
    timing: { ...FAST_TIMING, writeTimeoutMs },
    printers: [
      {
        id: 'counter',
        transport: new NetworkTransport({ ...parsePrinterAddress(h.emulator.address), clock: h.clock }),
        printFinishedAck: false,
        render: () => Buffer.alloc(0),
      },
    ],
  });
  try {
    h.emulator.setBehaviour({ stallAfterBytes: 100 });
    const bytes = Buffer.concat([
      encodeReceipt(sampleLines('stall-1').slice(0, 2), { paperWidth: 80, codePage: 'cp858' }),
      Buffer.alloc(16 * 1024 * 1024, 0x2e), // 16 MB of dots: more than the buffers hold
      encodeReceipt([{ type: 'TICKET_FEED', format: [], value: '' }], { paperWidth: 80, codePage: 'cp858' }),
    ]);
    spool.enqueue({ receiptId: 'stall-1', printerId: 'counter', lines: sampleLines('stall-1'), bytes });
    await h.emulator.waitUntil(() => h.emulator.stalled() === 1, 10_000, 'the printer to stop reading');
    assert.equal(spool.get('stall-1')!.state, 'sending');
    const connections = h.emulator.connections();

    await h.clock.advance(writeTimeoutMs);
    const job = spool.get('stall-1')!;
    assert.equal(job.state, 'uncertain');
    assert.equal(job.reason, 'no_confirmation');
    assert.match(job.lastError ?? '', /stopped taking data/, 'the write itself stalled');
    assert.match(job.lastError ?? '', /may or may not have printed/);

    // The printer is fine again; many poll intervals later nothing was resent.
    h.emulator.setBehaviour({});
    await h.pass(5_000);
    assert.equal(spool.get('stall-1')!.state, 'uncertain');
    assert.equal(h.emulator.connections(), connections, 'no new connection to resend it');
    assert.equal(h.emulator.jobs().length, 0);
    assert.equal(spool.printerStatus()[0]!.pending, 0, 'nothing waits to be sent');
  } finally {
    await spool.close();
    await h.close();
  }
});
