// The network transport's edges that the emulator's happy paths pass over: which error a send
// ends with (refused, stalled, hung up on), what counts as an answer (stray bytes, extra status
// bytes, print-finished replies for other ids or already used), and that nothing is left behind
// (timers on the injected clock, connections) once a wait ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { ManualClock } from '../../support/manual-clock';
import { waitUntil, within } from '../../support/wait';
import { startPrinterEmulator, type PrinterEmulator } from '../../support/printer-emulator';
import { NetworkTransport } from '../../../electron/services/printing/transports/network';
import { PrinterTransportError } from '../../../electron/services/printing/transports/transport';
import { encodeReceipt, printFinishedRequest } from '../../../electron/services/printing/escpos-encoder';

const receipt = encodeReceipt(
  [
    { type: 'TEXT', format: [], value: 'Thank you' },
    { type: 'TICKET_FEED', format: [], value: '' },
  ],
  { paperWidth: 80, codePage: 'cp858' },
);

/** A print-finished reply (header 0x37 0x22, the id, NUL) as the printer sends it. */
const finished = (id: string) => [0x37, 0x22, ...Buffer.from(id, 'ascii'), 0x00];

function isFailure(phase: string, kind: string, words: string | RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof PrinterTransportError, String(error));
    assert.deepEqual({ phase: error.phase, kind: error.kind }, { phase, kind });
    if (typeof words === 'string') assert.equal(error.message, words);
    else assert.match(error.message, words);
    return true;
  };
}

/** Settles to what a promise ended with, so a test can look after moving the clock. */
function outcome(work: Promise<unknown>): { now(): string } {
  let result = 'pending';
  work.then(
    () => (result = 'done'),
    (error: Error) => (result = `failed: ${error.message}`),
  );
  return { now: () => result };
}

async function withEmulator(
  run: (emulator: PrinterEmulator, transport: NetworkTransport, clock: ManualClock) => Promise<void>,
): Promise<void> {
  const emulator = await startPrinterEmulator();
  const clock = new ManualClock();
  const transport = new NetworkTransport({
    host: '127.0.0.1',
    port: emulator.port,
    connectTimeoutMs: 500,
    statusTimeoutMs: 300,
    clock,
  });
  try {
    await run(emulator, transport, clock);
  } finally {
    await transport.close();
    await emulator.close();
  }
}

interface ScriptedPrinter {
  /** The next connection the till made, with everything it has sent on it so far. */
  nextConnection(): Promise<{ socket: Socket; received: () => Buffer }>;
  connections(): number;
}

/** A printer that answers only what the test writes on its connections. */
async function withScriptedPrinter(
  run: (printer: ScriptedPrinter, transport: NetworkTransport, clock: ManualClock) => Promise<void>,
): Promise<void> {
  const waiting: { socket: Socket; received: () => Buffer }[] = [];
  const open = new Set<Socket>();
  let count = 0;
  const server = createServer((socket) => {
    count++;
    open.add(socket);
    const chunks: Buffer[] = [];
    socket.on('error', () => undefined).on('close', () => open.delete(socket));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    waiting.push({ socket, received: () => Buffer.concat(chunks) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const clock = new ManualClock(); // stands still unless a test moves it
  const transport = new NetworkTransport({
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    statusTimeoutMs: 300,
    clock,
  });
  try {
    await run(
      {
        nextConnection: () => waitUntil(() => waiting.shift(), 'the till to connect', 5000),
        connections: () => count,
      },
      transport,
      clock,
    );
  } finally {
    await transport.close();
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('network: a send to a printer that refuses connections fails as offline while connecting, with the refusal as its cause', async () => {
  await withEmulator(async (emulator, transport, clock) => {
    await emulator.setRefusing(true);
    await assert.rejects(transport.write(receipt, { timeoutMs: 1000 }), (error: unknown) => {
      assert.ok(error instanceof PrinterTransportError, String(error));
      assert.deepEqual(
        { phase: error.phase, kind: error.kind, words: error.message },
        {
          phase: 'connect',
          kind: 'offline',
          words: `unreachable: connect ECONNREFUSED 127.0.0.1:${emulator.port}`,
        },
      );
      assert.equal((error.cause as NodeJS.ErrnoException).code, 'ECONNREFUSED');
      return true;
    });
    assert.equal(clock.timers, 0, 'the handshake limit is not left running after the refusal');
  });
});

test('network: a printer that stops taking data fails the send at its limit and the stuck connection is let go', async () => {
  await withEmulator(async (emulator, transport, clock) => {
    emulator.setBehaviour({ stallAfterBytes: 10 });
    const sending = transport.write(Buffer.alloc(32 * 1024 * 1024, 0x41), { timeoutMs: 1000 });
    await emulator.waitUntil(() => emulator.stalled() === 1, 5000, 'the printer to stop reading');
    const failing = assert.rejects(sending, isFailure('write', 'timeout', 'printer stopped taking data'));
    await clock.advance(999);
    await clock.advance(1);
    await failing;
    assert.equal(clock.timers, 0);
    // A connection with half a job stuck in it must not carry the next question.
    const reading = await within(transport.status(), 'a status reading', 5000);
    assert.ok(reading !== 'unknown');
    assert.equal(reading.detail, 'ready');
    assert.equal(emulator.connections(), 2);
  });
});

test('network: a till closing mid-send leaves no send limit running to cut a later connection', async () => {
  await withEmulator(async (emulator, transport, clock) => {
    emulator.setBehaviour({ stallAfterBytes: 10 });
    const sending = transport.write(Buffer.alloc(32 * 1024 * 1024, 0x41), { timeoutMs: 1000 });
    await emulator.waitUntil(() => emulator.stalled() === 1, 5000, 'the printer to stop reading');
    await transport.close();
    await assert.rejects(sending, isFailure('write', 'closed', 'transport closed'));
    assert.equal(clock.timers, 0);
  });
});

test('network: a printer hanging up mid-send fails the send as a lost connection, naming what the socket reported', async () => {
  await withEmulator(async (emulator, transport) => {
    emulator.setBehaviour({ dropAfterBytes: 10 });
    await assert.rejects(
      transport.write(Buffer.alloc(32 * 1024 * 1024, 0x41), { timeoutMs: 60_000 }),
      // The socket's own error (a reset or broken pipe) reaches the send before the hang-up.
      isFailure('write', 'closed', /^connection lost: (?!connection closed by printer)\S.*$/),
    );
  });
});

test('network: a print-finished wait is not satisfied by a status reply; it fails at its limit', async () => {
  await withEmulator(async (emulator, transport, clock) => {
    await transport.write(receipt, { timeoutMs: 1000 }); // no print-finished request in it
    await emulator.waitForJobs(1);
    const failing = assert.rejects(
      transport.confirm({ timeoutMs: 1000, ackId: 'J001' }),
      isFailure('confirm', 'timeout', 'printer did not confirm printing'),
    );
    await clock.advance(1000);
    await failing;
    assert.equal(emulator.statusRequests(), 0, 'no status question was put in its place');
  });
});

test('network: a printer silent after a job fails the confirmation at its limit, and the next question goes on a new connection', async () => {
  await withEmulator(async (emulator, transport, clock) => {
    await transport.write(receipt, { timeoutMs: 1000 });
    await emulator.waitForJobs(1);
    emulator.setState('silent');
    const failing = assert.rejects(
      transport.confirm({ timeoutMs: 1000 }),
      isFailure('confirm', 'timeout', 'printer did not answer'),
    );
    await emulator.waitUntil(() => emulator.statusRequests() === 1, 5000, 'the status request');
    await clock.advance(1000);
    await failing;
    // A late reply on the old connection would be read as the answer to the next question.
    emulator.setState('paperNearEnd');
    const reading = await transport.status();
    assert.ok(reading !== 'unknown');
    assert.equal(reading.detail, 'paper near end');
    assert.equal(emulator.connections(), 2);
  });
});

test('network: a till closing during a confirmation fails it in the confirm phase and leaves no limit running', async () => {
  await withEmulator(async (emulator, transport, clock) => {
    await transport.write(Buffer.concat([receipt, printFinishedRequest('J001')]), { timeoutMs: 1000 });
    emulator.setState('silent');
    const confirming = transport.confirm({ timeoutMs: 1000, ackId: 'J002' });
    await transport.close();
    await assert.rejects(confirming, isFailure('confirm', 'closed', 'transport closed'));
    assert.equal(clock.timers, 0);
  });
});

test('network: asking for the connection twice at once makes one connection', async () => {
  await withEmulator(async (emulator, transport) => {
    const [, reading] = await Promise.all([transport.open(), transport.status()]);
    assert.ok(reading !== 'unknown');
    assert.equal(reading.detail, 'ready');
    assert.equal(emulator.connections(), 1);
  });
});

test('network: each print-finished reply confirms its own id once, even when replies arrive together or before the wait', async () => {
  await withScriptedPrinter(async (printer, transport, clock) => {
    const job = Buffer.concat([receipt, printFinishedRequest('J001'), receipt, printFinishedRequest('J002')]);
    await transport.write(job, { timeoutMs: 1000 });
    const connection = await printer.nextConnection();
    await waitUntil(() => connection.received().length >= job.length, 'the jobs to arrive', 5000);
    // One chunk: a reply for another till's job, then J001, then J002.
    connection.socket.write(Buffer.from([...finished('J009'), ...finished('J001'), ...finished('J002')]));

    await within(transport.confirm({ timeoutMs: 1000, ackId: 'J001' }), 'the J001 confirmation', 5000);
    // J002's reply came with J001's: it is already in hand when its wait begins.
    const second = outcome(transport.confirm({ timeoutMs: 1000, ackId: 'J002' }));
    await clock.advance(1000);
    assert.equal(second.now(), 'done');
    // J001's reply was used up: asking again waits for a new one.
    const again = assert.rejects(
      transport.confirm({ timeoutMs: 1000, ackId: 'J001' }),
      isFailure('confirm', 'timeout', 'printer did not confirm printing'),
    );
    await clock.advance(1000);
    await again;
  });
});

test('network: a status reading skips a stray non-status byte and takes exactly four status bytes', async () => {
  await withScriptedPrinter(async (printer, transport) => {
    await transport.open();
    const connection = await printer.nextConnection();
    const asking = transport.status();
    await waitUntil(() => connection.received().length === 12, 'the four status requests', 5000);
    // 0x00 is no status byte; the trailing 0x12 is one more than was asked for.
    connection.socket.write(Buffer.from([0x00, 0x12, 0x12, 0x12, 0x1e, 0x12]));
    assert.deepEqual(await within(asking, 'the status reading', 5000), {
      online: true,
      paperEnd: false,
      paperNearEnd: true,
      coverOpen: false,
      error: false,
      detail: 'paper near end',
    });
  });
});

test('network: bytes from the printer while nothing is asked are ignored, and its hang-up is noticed', async () => {
  await withScriptedPrinter(async (printer, transport) => {
    await transport.open();
    const first = await printer.nextConnection();
    const closed = new Promise((resolve) => first.socket.once('close', resolve));
    first.socket.end(Buffer.from(finished('J001')));
    await within(closed, 'the till to see the hang-up', 5000);

    const asking = transport.status();
    const second = await printer.nextConnection();
    await waitUntil(() => second.received().length === 12, 'the four status requests', 5000);
    second.socket.write(Buffer.from([0x12, 0x12, 0x12, 0x12]));
    const reading = await within(asking, 'the status reading', 5000);
    assert.ok(reading !== 'unknown');
    assert.equal(reading.detail, 'ready');
    assert.equal(printer.connections(), 2);
  });
});

test('network: a printer resetting the connection during a confirmation fails it as closed by the printer', async () => {
  await withScriptedPrinter(async (printer, transport) => {
    await transport.write(Buffer.concat([receipt, printFinishedRequest('J001')]), { timeoutMs: 1000 });
    const connection = await printer.nextConnection();
    const confirming = transport.confirm({ timeoutMs: 1000, ackId: 'J001' });
    // A reset raises a socket error on the till's side before the close: it must not crash the till.
    connection.socket.resetAndDestroy();
    await assert.rejects(
      within(confirming, 'the confirmation to end', 5000),
      isFailure('confirm', 'closed', 'connection closed by printer'),
    );
  });
});
