// The network transport against the printer emulator on loopback, in the moments the spool's own
// tests never reach: a connection asked for ahead of any job, a handshake that never finishes, a
// printer that hangs up or a till that closes while bytes or questions are on their way, and a
// print-finished reply behind another one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { ManualClock } from '../../support/manual-clock';
import { waitUntil, within } from '../../support/wait';
import { startPrinterEmulator, type PrinterEmulator } from '../../support/printer-emulator';
import {
  NetworkTransport,
  parsePrinterAddress,
} from '../../../electron/services/printing/transports/network';
import { PrinterTransportError } from '../../../electron/services/printing/transports/transport';
import { encodeReceipt, printFinishedRequest } from '../../../electron/services/printing/escpos-encoder';

const receipt = encodeReceipt(
  [
    { type: 'TEXT', format: [], value: 'Thank you' },
    { type: 'TICKET_FEED', format: [], value: '' },
  ],
  { paperWidth: 80, codePage: 'cp858' },
);

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

function isFailure(phase: string, kind: string, words: string) {
  return (error: unknown) => {
    assert.ok(error instanceof PrinterTransportError, String(error));
    assert.deepEqual({ phase: error.phase, kind: error.kind, words: error.message }, { phase, kind, words });
    return true;
  };
}

test('network: opening connects at once, so a printer that refuses is known before any job', async () => {
  await withEmulator(async (emulator, transport) => {
    await emulator.setRefusing(true);
    await assert.rejects(transport.open(), (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED');
    await emulator.setRefusing(false);
    await transport.open();
    assert.deepEqual(await transport.status(), {
      online: true,
      paperEnd: false,
      paperNearEnd: false,
      coverOpen: false,
      error: false,
      detail: 'ready',
    });
    assert.equal(emulator.connections(), 1, 'the question goes on the connection opened for it');
  });
});

test('network: a handshake that does not finish within connectTimeoutMs is given up and never used later', async () => {
  await withEmulator(async (emulator, transport, clock) => {
    const asking = transport.status();
    // The injected clock passes the limit before the loopback handshake could finish.
    await clock.advance(500);
    const reading = await asking;
    assert.ok(reading !== 'unknown');
    assert.equal(reading.unreachable, true);
    assert.equal(reading.detail, 'unreachable: connection timed out');

    // Another till asks the printer: by its answer, a connection the first had left going would
    // have been taken too.
    const other = new NetworkTransport({ host: '127.0.0.1', port: emulator.port, clock: new ManualClock() });
    try {
      assert.equal((await other.status()) !== 'unknown', true);
    } finally {
      await other.close();
    }
    assert.equal(emulator.connections(), 1, 'the given-up connection was never made');
  });
});

test('network: a till closing while a status question starts gets "unreachable", not a reading', async () => {
  await withEmulator(async (emulator, transport) => {
    await transport.open();
    const asking = transport.status();
    await transport.close(); // before the question could go out on the connection
    const reading = await asking;
    assert.ok(reading !== 'unknown');
    assert.equal(reading.unreachable, true);
    assert.equal(reading.detail, 'unreachable: not connected');
    assert.equal(emulator.statusRequests(), 0, 'nothing was asked');
  });
});

test('network: a till closing while the printer is silent on a status question gets "unreachable"', async () => {
  await withEmulator(async (emulator, transport) => {
    emulator.setState('silent');
    await transport.open();
    const asking = transport.status();
    await emulator.waitUntil(() => emulator.statusRequests() === 4, 5000, 'the four status requests');
    await transport.close();
    const reading = await asking;
    assert.ok(reading !== 'unknown');
    assert.equal(reading.detail, 'unreachable: transport closed');
  });
});

test('network: confirming after the till closed the connection fails in the confirm phase, without reconnecting', async () => {
  await withEmulator(async (emulator, transport) => {
    await transport.write(receipt, { timeoutMs: 1000 });
    await transport.close();
    await assert.rejects(
      transport.confirm({ timeoutMs: 1000 }),
      isFailure('confirm', 'closed', 'connection lost before confirmation'),
    );
    await assert.rejects(
      transport.confirm({ timeoutMs: 1000, ackId: 'J001' }),
      isFailure('confirm', 'closed', 'connection lost before confirmation'),
    );
    await emulator.waitForJobs(1);
    assert.equal(emulator.connections(), 1);
  });
});

test('network: a confirmation waits for its own print-finished id, past the reply to an earlier one', async () => {
  await withEmulator(async (emulator, transport) => {
    // Two jobs in one send: the printer answers J001 first, then J002.
    await transport.write(
      Buffer.concat([receipt, printFinishedRequest('J001'), receipt, printFinishedRequest('J002')]),
      { timeoutMs: 1000 },
    );
    // The limit is on the manual clock, which stands still: a missed id would wait for ever.
    await within(transport.confirm({ timeoutMs: 1000, ackId: 'J002' }), 'the J002 confirmation', 5000);
    assert.equal((await emulator.waitForJobs(2)).length, 2);
  });
});

test('network: a till closing mid-send fails the send in the write phase, since part of the job went out', async () => {
  await withEmulator(async (emulator, transport) => {
    emulator.setBehaviour({ stallAfterBytes: 10 });
    // More than the loopback buffers hold, so the send is still under way when the till closes.
    const sending = transport.write(Buffer.alloc(32 * 1024 * 1024, 0x41), { timeoutMs: 60_000 });
    await emulator.waitUntil(() => emulator.stalled() === 1, 5000, 'the printer to stop reading');
    await transport.close();
    await assert.rejects(sending, isFailure('write', 'closed', 'transport closed'));
  });
});

test('network: only a reply under the print-finished header (0x37 0x22) confirms; the same id in another reply does not', async () => {
  // A printer that takes whatever it is sent, answers what the test tells it to, then hangs up.
  const hangUps: Socket[] = [];
  const printer = createServer((socket) => hangUps.push(socket.on('error', () => undefined).resume()));
  await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
  const transport = new NetworkTransport({
    host: '127.0.0.1',
    port: (printer.address() as AddressInfo).port,
    clock: new ManualClock(), // stands still: only the printer's reply or hang-up ends a wait
  });
  const confirmedBy = async (reply: number[]) => {
    await transport.write(Buffer.concat([receipt, printFinishedRequest('J001')]), { timeoutMs: 1000 });
    const connection = await waitUntil(() => hangUps.shift(), 'the till to connect');
    const confirming = transport.confirm({ timeoutMs: 1000, ackId: 'J001' }).then(
      () => 'confirmed',
      (error: Error) => error.message,
    );
    connection.end(Buffer.from(reply));
    return within(confirming, 'the confirmation to end', 5000);
  };
  const id = [...Buffer.from('J001', 'ascii'), 0x00];
  try {
    // 0x5F is the header of a printer-information reply (GS I): not a print-finished one.
    assert.equal(await confirmedBy([0x5f, ...id]), 'connection closed by printer');
    assert.equal(await confirmedBy(id), 'connection closed by printer');
    assert.equal(await confirmedBy([0x37, 0x22, ...id]), 'confirmed');
  } finally {
    await transport.close();
    await new Promise((resolve) => printer.close(resolve));
  }
});

test('a printer address the settings refuse is named in the error, for the log', () => {
  assert.throws(() => parsePrinterAddress('printer:0'), {
    name: 'RangeError',
    message: 'Not a printer address: "printer:0"',
  });
});
